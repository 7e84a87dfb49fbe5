import type { AppContext } from "../../context.js";
import { executeRunJob } from "../../jobs/definitions/execute-run-job.js";

/**
 * Hands runs whose executor went quiet to the queue again: a running run
 * whose heartbeat is older than GEO_RUN_STALL_SECONDS (its worker died or
 * hangs), and a queued run never picked up for that long (its job was lost
 * between commit and enqueue). The conditional update lets exactly one sweeper
 * re-enqueue a given run; the new executor fences off the old one.
 */
export async function reclaimStalledRuns({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - ctx.config.runStallMs);
  const stalled = await ctx.prisma.run.findMany({
    where: {
      finishedAt: null,
      OR: [
        { status: { in: ["queued", "running"] }, heartbeatAt: { lt: staleBefore } },
        { status: "queued", heartbeatAt: null, createdAt: { lt: staleBefore } },
      ],
    },
    select: { id: true, status: true, heartbeatAt: true },
    take: 100,
  });
  const reclaimed: string[] = [];
  for (const run of stalled) {
    const claimed = await ctx.prisma.run.updateMany({
      where: { id: run.id, finishedAt: null, heartbeatAt: run.heartbeatAt },
      data: { heartbeatAt: now },
    });
    if (claimed.count === 0) continue;
    await ctx.queue.enqueue(executeRunJob, { runId: run.id });
    reclaimed.push(run.id);
    ctx.logger.warn(
      { runId: run.id, status: run.status, lastHeartbeat: run.heartbeatAt },
      "stalled run handed to the queue again",
    );
  }
  return reclaimed;
}
