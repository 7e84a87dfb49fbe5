import type { AppContext } from "../../context.js";
import { type RecordedBatch, recordAnswers, type TaskOutcome } from "./record-answers.js";

export interface RunRecorderOptions {
  ctx: AppContext;
  run: { id: string; workspaceId: string; createdAt: Date };
  /** Outcomes per transaction. */
  batchSize?: number;
  /** Longest an outcome waits for its batch to fill (real time: it only bounds latency). */
  maxWaitMs?: number;
  /** Called after each committed batch, in order. */
  onBatch?: (batch: RecordedBatch) => Promise<void>;
}

/**
 * Buffers an executor's outcomes and writes them in batches, one transaction
 * at a time, so lanes keep asking while earlier answers are stored. A lane is
 * held back only when four batches are waiting (memory stays bounded). An
 * outcome buffered when the process dies is simply asked again on resume.
 */
export class RunRecorder {
  readonly #options: RunRecorderOptions;
  readonly #batchSize: number;
  readonly #maxWaitMs: number;
  #buffer: Array<TaskOutcome | Promise<TaskOutcome>> = [];
  /** Outcomes added and not yet written. */
  #pending = 0;
  #writing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #failure: unknown;

  constructor(options: RunRecorderOptions) {
    this.#options = options;
    this.#batchSize = options.batchSize ?? 50;
    this.#maxWaitMs = options.maxWaitMs ?? 1000;
  }

  /**
   * Buffers an outcome, or the promise of one (its citations still resolving): its batch is
   * written once every outcome in it is known.
   */
  async add(outcome: TaskOutcome | Promise<TaskOutcome>): Promise<void> {
    this.#throwIfFailed();
    // Handled here (its batch awaits it later): a rejection meanwhile is not "unhandled".
    if (outcome instanceof Promise) outcome.catch(() => {});
    this.#buffer.push(outcome);
    this.#pending++;
    if (this.#buffer.length >= this.#batchSize) this.#flush();
    else this.#timer ??= setTimeout(() => this.#flush(), this.#maxWaitMs);
    while (this.#pending >= 4 * this.#batchSize && !this.#failure) await this.#writing;
  }

  /** Writes what is buffered and waits for every batch; rethrows a write failure. */
  async close(): Promise<void> {
    this.#flush();
    await this.#writing;
    this.#throwIfFailed();
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
          outcomes: await Promise.all(batch),
        });
        await this.#options.onBatch?.(written);
      } catch (error) {
        this.#failure = error;
      } finally {
        this.#pending -= batch.length;
      }
    });
  }

  #throwIfFailed(): void {
    if (this.#failure) throw this.#failure;
  }
}
