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
    async posting() {
      const now = ctx.clock.now();
      await ctx.prisma.engineResponse.updateMany({
        where: { id: responseId, status: "pending" },
        data: { collectionPostedAt: now },
      });
      return now;
    },
    async posted(taskId) {
      await ctx.prisma.engineResponse.updateMany({
        where: { id: responseId, status: "pending" },
        data: { collectionId: taskId.slice(0, 200) },
      });
    },
  };
}
