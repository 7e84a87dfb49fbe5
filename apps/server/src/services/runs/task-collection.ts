import type { AppContext } from "../../context.js";
import type { TaskCollection } from "../../engines/engine.js";

/**
 * A run task's collection at a provider that collects in two steps, kept on its answer row
 * (`engine_responses.collection_id`, `collection_posted_at`): what a post left is read from the
 * row, the start of a post is written before it is sent, and the provider's id once it answers.
 * Writes touch only a pending row (an answer recorded meanwhile keeps its state).
 */
export function taskCollection(ctx: AppContext, responseId: string): TaskCollection {
  return {
    tag: responseId,
    async previous() {
      const row = await ctx.prisma.engineResponse.findUnique({
        where: { id: responseId },
        select: { collectionId: true, collectionPostedAt: true },
      });
      return { taskId: row?.collectionId ?? null, postedAt: row?.collectionPostedAt ?? null };
    },
    async posting(seen) {
      const now = ctx.clock.now();
      // Compare-and-set: of two asks of one task (an executor that lost its lease and the one
      // that took over), only the first to note its post may send it.
      const claimed = await ctx.prisma.engineResponse.updateMany({
        where: {
          id: responseId,
          status: "pending",
          collectionId: null,
          collectionPostedAt: seen ?? null,
        },
        data: { collectionPostedAt: now },
      });
      return claimed.count === 1 ? now : null;
    },
    async released(claimedAt) {
      await ctx.prisma.engineResponse.updateMany({
        where: {
          id: responseId,
          status: "pending",
          collectionId: null,
          collectionPostedAt: claimedAt,
        },
        data: { collectionPostedAt: null },
      });
    },
    async posted(taskId) {
      await ctx.prisma.engineResponse.updateMany({
        where: { id: responseId, status: "pending", collectionId: null },
        data: { collectionId: taskId.slice(0, 200) },
      });
    },
  };
}
