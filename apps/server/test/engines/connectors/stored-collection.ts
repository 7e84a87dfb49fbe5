import type { Clock } from "../../../src/clock.js";
import type { TaskCollection } from "../../../src/engines/engine.js";

/** A stored task's collection, in memory: what a run keeps on the task's row. */
export function storedCollection(
  clock: Clock,
  tag: string,
  stored: { taskId?: string; postedAt?: Date } = {},
) {
  const state = { taskId: stored.taskId ?? null, postedAt: stored.postedAt ?? null };
  const collection: TaskCollection & { state: typeof state } = {
    tag,
    state,
    previous: async () => ({ ...state }),
    posting: async () => {
      state.postedAt = clock.now();
      return state.postedAt;
    },
    released: async (claimedAt) => {
      if (!state.taskId && state.postedAt?.getTime() === claimedAt.getTime()) state.postedAt = null;
    },
    posted: async (taskId) => {
      state.taskId = taskId;
    },
  };
  return collection;
}
