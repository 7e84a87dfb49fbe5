import type { Clock } from "../../clock.js";
import { EngineError, type TaskCollection } from "../engine.js";

/** Beyond the request's timeout, how long a post may take to reach the provider's records. */
const SETTLE_MARGIN_MS = 60_000;

/**
 * The task an ask collects at a provider that collects in two steps (post, then fetch): the one
 * an earlier ask posted (its stored id, else `lookUp` from when its post started: a worker that
 * died between sending a post and storing its id), else a new one, posted only after claiming
 * the post on the collection, so that a task is never posted (and paid for) twice. A post that
 * started less than the request timeout (and a margin) ago may still be on its way, so it is
 * neither looked up nor posted again until it has settled (a retryable failure that says when).
 * A post the provider refused outright (a 4xx) releases the claim: nothing was posted.
 */
export async function postOnce<Posted extends { id: string }>(options: {
  provider: string;
  clock: Clock;
  collection: TaskCollection;
  /** The post request's timeout: how long a post may still be in flight. */
  timeoutMs: number;
  /** The task posted by the ask that started posting at `postedAt`; undefined: none was. */
  lookUp: (postedAt: Date) => Promise<string | undefined>;
  post: () => Promise<Posted>;
}): Promise<Posted | { id: string }> {
  const { collection, provider } = options;
  const previous = await collection.previous();
  if (previous.taskId) return { id: previous.taskId };
  if (previous.postedAt) {
    const settlesIn =
      previous.postedAt.getTime() +
      options.timeoutMs +
      SETTLE_MARGIN_MS -
      options.clock.now().getTime();
    if (settlesIn > 0)
      throw new EngineError(
        `An earlier post of this task to ${provider} may still be on its way; it is looked up once it has settled.`,
        true,
        Math.ceil(settlesIn / 1000),
      );
    const found = await options.lookUp(previous.postedAt);
    if (found) {
      await collection.posted(found);
      return { id: found };
    }
  }
  const claimedAt = await collection.posting(previous.postedAt);
  if (!claimedAt)
    throw new EngineError(
      `Another ask of this task is posting it to ${provider}; it is fetched on retry.`,
      true,
    );
  let posted: Posted;
  try {
    posted = await options.post();
  } catch (error) {
    if (error instanceof EngineError && error.providerRefused) await collection.released(claimedAt);
    throw error;
  }
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
