import type { TaskCollection } from "../engine.js";
import type { ConnectorOptions } from "./connector-options.js";

/**
 * A task collection kept in memory, for a call without a stored task (the smoke check): the
 * same rules as a stored one (services/runs/task-collection.ts) for the life of the call.
 */
export function memoryCollection(tag: string, options: ConnectorOptions): TaskCollection {
  const state: { taskId: string | null; postedAt: Date | null } = { taskId: null, postedAt: null };
  return {
    tag: tag.replace(/[^A-Za-z0-9:_-]/g, "").slice(0, 200),
    previous: async () => ({ ...state }),
    posting: async (seen) => {
      if (state.taskId || state.postedAt?.getTime() !== seen?.getTime()) return null;
      state.postedAt = options.clock.now();
      return state.postedAt;
    },
    released: async (claimedAt) => {
      if (!state.taskId && state.postedAt?.getTime() === claimedAt.getTime()) state.postedAt = null;
    },
    posted: async (taskId) => {
      state.taskId = taskId;
    },
  };
}
