/** Request turns granted in a row, while background work waits, before it gets one. */
export const REQUEST_TURNS_IN_A_ROW = 8;

/**
 * PGlite's turns on the database thread: it runs one statement, or one whole transaction, at a
 * time. A request's turn goes before background work's that waits at the same moment (on the
 * embedded database a request would otherwise wait behind every statement a run or a
 * re-analysis queued before it); within a priority, turns go in the order they were asked for.
 * Background work still gets every REQUEST_TURNS_IN_A_ROW + 1-th turn while requests keep
 * coming, so it is never starved.
 *
 * A turn is granted on the event loop's check phase after the last one ended: PGlite runs a
 * statement synchronously, so the calls that arrived meanwhile are all received (and compared)
 * before the next is chosen.
 */
export class Turns {
  readonly #requests: Array<() => void> = [];
  readonly #background: Array<() => void> = [];
  #held = false;
  #scheduled = false;
  #requestsInARow = 0;

  /** Runs `work` in a turn of its own and ends the turn once `work` settles. */
  async take<T>(background: boolean, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((granted) => {
      (background ? this.#background : this.#requests).push(granted);
      this.#schedule();
    });
    try {
      return await work();
    } finally {
      this.#held = false;
      this.#schedule();
    }
  }

  #schedule(): void {
    if (this.#held || this.#scheduled) return;
    if (this.#requests.length === 0 && this.#background.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#grant();
    });
  }

  #grant(): void {
    if (this.#held) return;
    const backgroundsTurn =
      this.#background.length > 0 &&
      (this.#requests.length === 0 || this.#requestsInARow >= REQUEST_TURNS_IN_A_ROW);
    const granted = (backgroundsTurn ? this.#background : this.#requests).shift();
    if (!granted) return;
    this.#requestsInARow =
      backgroundsTurn || this.#background.length === 0 ? 0 : this.#requestsInARow + 1;
    this.#held = true;
    granted();
  }
}
