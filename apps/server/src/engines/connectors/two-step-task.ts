import type { Clock } from "../../clock.js";
import { EngineError, type TaskCollection } from "../engine.js";

/**
 * The task an ask collects at a provider that collects in two steps (post, then fetch): the one
 * an earlier ask posted (its stored id, else `lookUp` from when its post started: a worker that
 * died between sending a post and storing its id), else a new one, posted only after claiming
 * the post on the collection, so that a task is never posted (and paid for) twice.
 */
export async function postOnce<Posted extends { id: string }>(options: {
  provider: string;
  collection: TaskCollection;
  /** The task posted by the ask that started posting at `postedAt`; undefined: none was. */
  lookUp: (postedAt: Date) => Promise<string | undefined>;
  post: () => Promise<Posted>;
}): Promise<Posted | { id: string }> {
  const { collection } = options;
  const previous = await collection.previous();
  if (previous.taskId) return { id: previous.taskId };
  if (previous.postedAt) {
    const found = await options.lookUp(previous.postedAt);
    if (found) {
      await collection.posted(found);
      return { id: found };
    }
  }
  if (!(await collection.posting(previous.postedAt)))
    throw new EngineError(
      `Another ask of this task is posting it to ${options.provider}; it is fetched on retry.`,
      true,
    );
  const posted = await options.post();
  await collection.posted(posted.id);
  return posted;
}

/**
 * Asks `look` every `everyMs` of the injected clock until it answers, for at most `forMs`; past
 * that a retryable failure (a retry goes on waiting for the same task).
 */
export async function pollUntil<T>(options: {
  provider: string;
  clock: Clock;
  everyMs: number;
  forMs: number;
  look: () => Promise<T | undefined>;
}): Promise<T> {
  const until = options.clock.now().getTime() + options.forMs;
  for (;;) {
    const found = await options.look();
    if (found !== undefined) return found;
    if (options.clock.now().getTime() >= until)
      throw new EngineError(
        `${options.provider} had not finished the task after ${options.forMs / 60_000} minutes; it is fetched again on retry.`,
        true,
      );
    await options.clock.sleep(options.everyMs);
  }
}
