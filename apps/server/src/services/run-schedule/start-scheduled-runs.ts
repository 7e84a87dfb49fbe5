import type { RunPreset } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { AppError } from "../../errors/app-error.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";
import { startRun } from "../runs/start-run.js";
import { nextOccurrence } from "./cron-schedule.js";

/**
 * Starts the runs whose schedule is due. Every process's sweeper calls this;
 * moving `nextScheduledRunAt` forward with a conditional update is the claim,
 * so each occurrence is acted on once, and the run's idempotency key
 * (`schedule:<occurrence>`) makes a retried start return the same run. A
 * worker that was down over several occurrences starts one run, for the
 * latest, not a backlog.
 */
export async function startScheduledRuns({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const now = ctx.clock.now();
  const due = await ctx.prisma.workspace.findMany({
    where: { nextScheduledRunAt: { lte: now }, scheduleCron: { not: null } },
    select: {
      id: true,
      slug: true,
      scheduleCron: true,
      scheduleTimezone: true,
      schedulePreset: true,
      nextScheduledRunAt: true,
    },
    orderBy: { nextScheduledRunAt: "asc" },
    take: 50,
  });
  const started: string[] = [];
  for (const w of due) {
    if (!w.scheduleCron || !w.scheduleTimezone || !w.schedulePreset || !w.nextScheduledRunAt)
      continue;
    const occurrence = latestOccurrence(
      w.scheduleCron,
      w.scheduleTimezone,
      w.nextScheduledRunAt,
      now,
    );
    const claimed = await ctx.prisma.workspace.updateMany({
      where: { id: w.id, nextScheduledRunAt: w.nextScheduledRunAt },
      data: {
        nextScheduledRunAt: nextOccurrence(w.scheduleCron, w.scheduleTimezone, now),
        scheduleLastRunAt: occurrence,
      },
    });
    if (claimed.count === 0) continue;
    let outcome: string;
    try {
      const run = await startRun({
        ctx,
        principal: { kind: "anonymous" },
        trigger: "schedule",
        workspace: { id: w.id, slug: w.slug, role: null },
        requestId: `schedule:${occurrence.toISOString()}`,
        input: {
          preset: w.schedulePreset as RunPreset,
          idempotencyKey: `schedule:${occurrence.toISOString()}`,
        },
      });
      outcome = `started ${run.runId}`;
      started.push(run.runId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome =
        error.code === "insufficient_credits"
          ? "skipped: insufficient credits"
          : `skipped: ${error.code === "no_active_prompts" ? "no active prompts" : error.message}`;
      ctx.logger.warn({ workspaceId: w.id, code: error.code }, "scheduled run skipped");
      await ctx.prisma.$transaction((tx) =>
        recordAuditEvent({
          tx,
          clock: ctx.clock,
          principal: { kind: "anonymous" },
          requestId: undefined,
          workspaceId: w.id,
          action: "run_schedule.skip",
          targetType: "workspace",
          targetId: w.id,
          metadata: { occurrence: occurrence.toISOString(), code: error.code },
        }),
      );
    }
    await ctx.prisma.workspace.updateMany({
      where: { id: w.id, scheduleLastRunAt: occurrence },
      data: { scheduleLastOutcome: outcome },
    });
  }
  return started;
}

/** The last occurrence at or before `now`, starting from the stored due time. */
function latestOccurrence(cron: string, timezone: string, due: Date, now: Date): Date {
  let latest = due;
  for (let i = 0; i < 400; i++) {
    const next = nextOccurrence(cron, timezone, latest);
    if (next.getTime() > now.getTime()) break;
    latest = next;
  }
  return latest;
}
