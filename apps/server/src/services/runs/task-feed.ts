/** One task a run's executor asks: its stored row (`engine_responses`) and what asking needs. */
export interface RunTask {
  id: string;
  promptId: string;
  engine: string;
  model: string;
  repetition: number;
}

/**
 * The executor's tasks per engine while they are still being written: lanes take tasks as
 * they come (in the order they were added) and wait for more until the feed is ended, so a
 * run asks its first tasks while the rest of its rows are written. A task added twice is handed
 * out once. Ending with an error stops every lane at its next take.
 */
export class TaskFeed {
  readonly #queues = new Map<string, RunTask[]>();
  readonly #waiting = new Map<string, Array<() => void>>();
  /** Every task added, so one added again (read, then returned by a chunk) is handed out once. */
  readonly #seen = new Set<string>();
  #ended = false;
  #failure: unknown;

  constructor(tasks: readonly RunTask[] = []) {
    this.add(tasks);
  }

  /** Engines with tasks so far. */
  engines(): string[] {
    return [...this.#queues.keys()];
  }

  add(tasks: readonly RunTask[]): void {
    for (const task of tasks) {
      if (this.#seen.has(task.id)) continue;
      this.#seen.add(task.id);
      const queue = this.#queues.get(task.engine);
      if (queue) queue.push(task);
      else this.#queues.set(task.engine, [task]);
    }
    for (const engine of new Set(tasks.map((task) => task.engine))) this.#wake(engine);
  }

  /** No more tasks come (a failure: lanes stop taking; `failure` keeps it). */
  end(failure?: unknown): void {
    this.#ended = true;
    if (failure !== undefined) this.#failure = failure;
    for (const engine of [...this.#waiting.keys()]) this.#wake(engine);
  }

  get failure(): unknown {
    return this.#failure;
  }

  /** The engine's next task, waiting for one while the feed is open; undefined at its end. */
  async next(engine: string): Promise<RunTask | undefined> {
    for (;;) {
      if (this.#failure !== undefined) return undefined;
      const task = this.#queues.get(engine)?.shift();
      if (task || this.#ended) return task;
      await new Promise<void>((resolve) => {
        const waiting = this.#waiting.get(engine);
        if (waiting) waiting.push(resolve);
        else this.#waiting.set(engine, [resolve]);
      });
    }
  }

  #wake(engine: string): void {
    const waiting = this.#waiting.get(engine);
    this.#waiting.delete(engine);
    for (const resolve of waiting ?? []) resolve();
  }
}
