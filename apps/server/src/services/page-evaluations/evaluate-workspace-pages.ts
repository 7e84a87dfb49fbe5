import type { AppContext } from "../../context.js";
import { evaluatePage } from "./evaluate-page.js";

/** A worker that stopped this many times on one evaluation gives it up (`interrupted`). */
const maxAttempts = 3;

/**
 * The `page-evaluations` job of one workspace: evaluates its waiting evaluations oldest first,
 * one at a time, until none is left (one job runs per workspace, so an evaluation still
 * `running` was left by a worker that died: it is claimed again). Each claim is one conditional
 * update that counts the attempt; safe to repeat.
 */
export async function evaluateWorkspacePages(options: {
  ctx: AppContext;
  workspaceId: string;
}): Promise<void> {
  const { ctx, workspaceId } = options;
  const done: string[] = [];
  for (;;) {
    const row = await ctx.prisma.pageEvaluation.findFirst({
      where: { workspaceId, status: { in: ["queued", "running"] }, id: { notIn: done } },
      orderBy: { id: "asc" },
      select: { id: true, url: true, attempts: true, startedAt: true },
    });
    if (!row) return;
    done.push(row.id);
    const now = ctx.clock.now();
    if (row.attempts >= maxAttempts) {
      await ctx.prisma.pageEvaluation.updateMany({
        where: { id: row.id, attempts: row.attempts, finishedAt: null },
        data: {
          status: "failed",
          failureReason: "interrupted",
          failureMessage: `The evaluation was interrupted ${maxAttempts} times before it finished; start it again.`,
          finishedAt: now,
        },
      });
      continue;
    }
    const attempts = row.attempts + 1;
    const claimed = await ctx.prisma.pageEvaluation.updateMany({
      where: { id: row.id, attempts: row.attempts, finishedAt: null },
      data: { status: "running", startedAt: row.startedAt ?? now, attempts },
    });
    if (claimed.count === 0) continue;
    await evaluatePage({ ctx, evaluation: { id: row.id, workspaceId, url: row.url, attempts } });
  }
}
