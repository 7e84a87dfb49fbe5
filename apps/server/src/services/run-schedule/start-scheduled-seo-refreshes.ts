import type { AppContext } from "../../context.js";
import { AppError } from "../../errors/app-error.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";
import { startSeoRefresh } from "../seo/start-seo-refresh.js";

/** The local day (YYYY-MM-DD) of `at` in `timezone`. */
function localDay(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, dateStyle: "short" }).format(at);
}

/** What a skip is recorded as: the reasons people act on, in words. */
function skipOutcome(error: AppError): string {
  if (error.code === "insufficient_credits") return "skipped: insufficient credits";
  if (error.code === "connection_not_configured") return "skipped: no connection configured";
  return `skipped: ${error.message}`;
}

/**
 * Starts the daily SEO refresh of the workspaces whose run schedule has it on, at the
 * schedule's occurrences (docs/seo.md). Due: the occurrence the run sweep last acted on
 * (`scheduleLastRunAt`) is newer than the one this sweep last recorded. The start comes first,
 * with the idempotency key `schedule-seo:<local day>`, so two workers, or a worker that died
 * before recording, start one refresh per workspace and local day; the conditional update
 * that records the outcome is then the claim, so a skip (no connection, a balance that cannot
 * cover the reservation: nothing written, nothing charged) is logged and audited once.
 */
export async function startScheduledSeoRefreshes({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const due = await ctx.prisma.workspace.findMany({
    where: {
      scheduleSeoRefresh: true,
      scheduleCron: { not: null },
      scheduleLastRunAt: { not: null },
      OR: [
        { scheduleSeoLastRunAt: null },
        { scheduleSeoLastRunAt: { lt: ctx.prisma.workspace.fields.scheduleLastRunAt } },
      ],
    },
    select: { id: true, slug: true, scheduleTimezone: true, scheduleLastRunAt: true },
    orderBy: { scheduleLastRunAt: "asc" },
    take: 50,
  });
  const started: string[] = [];
  for (const w of due) {
    if (!w.scheduleLastRunAt || !w.scheduleTimezone) continue;
    const occurrence = w.scheduleLastRunAt;
    const key = `schedule-seo:${localDay(occurrence, w.scheduleTimezone)}`;
    let outcome: string;
    let skipped: AppError | undefined;
    try {
      const refresh = await startSeoRefresh({
        ctx,
        principal: { kind: "anonymous" },
        workspace: { id: w.id, slug: w.slug, role: null },
        requestId: key,
        input: { idempotencyKey: key },
      });
      outcome = `started ${refresh.refreshId}`;
      started.push(refresh.refreshId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      skipped = error;
      outcome = skipOutcome(error);
    }
    await ctx.prisma.$transaction(async (tx) => {
      const claimed = await tx.workspace.updateMany({
        where: {
          id: w.id,
          OR: [{ scheduleSeoLastRunAt: null }, { scheduleSeoLastRunAt: { lt: occurrence } }],
        },
        data: { scheduleSeoLastRunAt: occurrence, scheduleSeoLastOutcome: outcome },
      });
      if (claimed.count === 0 || !skipped) return;
      ctx.logger.warn({ workspaceId: w.id, code: skipped.code }, "scheduled seo refresh skipped");
      await recordAuditEvent({
        tx,
        clock: ctx.clock,
        principal: { kind: "anonymous" },
        requestId: undefined,
        workspaceId: w.id,
        action: "run_schedule.seo_skip",
        targetType: "workspace",
        targetId: w.id,
        metadata: { occurrence: occurrence.toISOString(), code: skipped.code },
      });
    });
  }
  return [...new Set(started)];
}
