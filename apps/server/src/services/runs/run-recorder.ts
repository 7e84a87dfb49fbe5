import type { AppContext } from "../../context.js";
import { type RecordedBatch, recordAnswers, type TaskOutcome } from "./record-answers.js";

export interface RunRecorderOptions {
  ctx: AppContext;
  run: { id: string; workspaceId: string; createdAt: Date; purpose: string };
  /** Outcomes per transaction. */
  batchSize?: number;
  /** Longest an outcome waits for its batch to fill (real time: it only bounds latency). */
  maxWaitMs?: number;
  /** Called after each committed batch, in order. */
  onBatch?: (batch: RecordedBatch) => Promise<void>;
}

/**
 * Buffers an executor's outcomes and writes them in batches, one transaction
 * at a time, so lanes keep asking while earlier answers are stored. An outcome
 * may come as a promise (its citations' redirects still resolving): it joins
 * the buffer once known, so a slow one holds no batch back. A lane is held back
 * only when four batches' worth of outcomes are waiting, known or not (memory
 * and the resolutions in flight stay bounded). An outcome buffered when the
 * process dies is simply asked again on resume.
 */
export class RunRecorder {
  readonly #options: RunRecorderOptions;
  readonly #batchSize: number;
  readonly #maxWaitMs: number;
  #buffer: TaskOutcome[] = [];
  /** Outcomes added and not yet written (or failed), known or still resolving. */
  #pending = 0;
  /** Outcomes still resolving. */
  readonly #resolving = new Set<Promise<void>>();
  #writing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #failure: unknown;
  /** Settled whenever `#pending` goes down, for lanes held back. */
  #progress = progressSignal();

  constructor(options: RunRecorderOptions) {
    this.#options = options;
    this.#batchSize = options.batchSize ?? 50;
    this.#maxWaitMs = options.maxWaitMs ?? 1000;
  }

  async add(outcome: TaskOutcome | Promise<TaskOutcome>): Promise<void> {
    this.#throwIfFailed();
    this.#pending++;
    if (outcome instanceof Promise) {
      const known: Promise<void> = outcome
        .then(
          (value) => this.#buffered(value),
          (error: unknown) => {
            this.#failure ??= error;
            this.#settled(1);
          },
        )
        .finally(() => this.#resolving.delete(known));
      this.#resolving.add(known);
    } else {
      this.#buffered(outcome);
    }
    while (this.#pending >= 4 * this.#batchSize && !this.#failure) await this.#progress.promise;
  }

  /** Writes every outcome, once known, and waits for every batch; rethrows a failure. */
  async close(): Promise<void> {
    while (this.#resolving.size > 0) await Promise.all(this.#resolving);
    this.#flush();
    await this.#writing;
    this.#throwIfFailed();
  }

  #buffered(outcome: TaskOutcome): void {
    this.#buffer.push(outcome);
    if (this.#buffer.length >= this.#batchSize) this.#flush();
    else this.#timer ??= setTimeout(() => this.#flush(), this.#maxWaitMs);
  }

  #settled(count: number): void {
    this.#pending -= count;
    const progress = this.#progress;
    this.#progress = progressSignal();
    progress.resolve();
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#buffer.length === 0) return;
    const batch = this.#buffer.splice(0, this.#buffer.length);
    this.#writing = this.#writing.then(async () => {
      if (this.#failure) return;
      try {
        const written = await recordAnswers({
          ctx: this.#options.ctx,
          run: this.#options.run,
          outcomes: batch,
        });
        await this.#options.onBatch?.(written);
      } catch (error) {
        this.#failure = error;
      } finally {
        this.#settled(batch.length);
      }
    });
  }

  #throwIfFailed(): void {
    if (this.#failure) throw this.#failure;
  }
}

/** A promise and the function that settles it. */
function progressSignal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
