import type { RunPreset } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { dayOf, dayStart } from "../../days.js";
import { AppError } from "../../errors/app-error.js";
import { CONFIRMATION_REPETITIONS } from "../../metrics/adaptive-confirmation.js";
import { confirmationSpend } from "../confirmations/confirmation-spend.js";
import { lastCountedDay, storedLog } from "../confirmations/confirmation-state.js";
import { planConfirmationRun } from "../runs/plan-run.js";
import { startPlannedRun } from "../runs/start-run.js";

/**
 * Starts the confirmation runs of adaptive sampling (docs/metrics.md, "Adaptive sampling") at
 * the run schedule's occurrences: for each workspace with a confirmation budget whose schedule
 * acted on an occurrence this sweep has not, each collecting confirmation (oldest first) gets a
 * run asking its followed prompts CONFIRMATION_REPETITIONS times on its engines, while the
 * month's confirmation runs (their charge, or their hold while unfinished) and this one's
 * estimate stay within the budget. The conditional update that records the occurrence is the
 * claim, so each occurrence is acted on once; a worker that dies after it loses that day's
 * extra answers, which only delays a verdict. Returns the runs started.
 */
export async function startScheduledConfirmations({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const due = await ctx.prisma.workspace.findMany({
    where: {
      confirmationBudgetMicrousd: { gt: 0n },
      scheduleCron: { not: null },
      scheduleLastRunAt: { not: null },
      OR: [
        { scheduleConfirmationsLastRunAt: null },
        {
          scheduleConfirmationsLastRunAt: { lt: ctx.prisma.workspace.fields.scheduleLastRunAt },
        },
      ],
    },
    select: {
      id: true,
      slug: true,
      measurementModel: true,
      schedulePreset: true,
      scheduleLastRunAt: true,
      confirmationBudgetMicrousd: true,
    },
    orderBy: { scheduleLastRunAt: "asc" },
    take: 50,
  });
  const started: string[] = [];
  for (const w of due) {
    const occurrence = w.scheduleLastRunAt;
    if (!occurrence) continue;
    const claimed = await ctx.prisma.workspace.updateMany({
      where: {
        id: w.id,
        OR: [
          { scheduleConfirmationsLastRunAt: null },
          { scheduleConfirmationsLastRunAt: { lt: occurrence } },
        ],
      },
      data: { scheduleConfirmationsLastRunAt: occurrence },
    });
    if (claimed.count === 0) continue;
    const { runIds, outcome } = await startConfirmationRuns(ctx, w);
    started.push(...runIds);
    await ctx.prisma.workspace.updateMany({
      where: { id: w.id, scheduleConfirmationsLastRunAt: occurrence },
      data: { scheduleConfirmationsLastOutcome: outcome },
    });
  }
  return started;
}

async function startConfirmationRuns(
  ctx: AppContext,
  w: {
    id: string;
    slug: string;
    measurementModel: Parameters<typeof planConfirmationRun>[2]["measurementModel"];
    schedulePreset: string | null;
    confirmationBudgetMicrousd: bigint | null;
  },
): Promise<{ runIds: string[]; outcome: string }> {
  const collecting = await ctx.prisma.metricConfirmation.findMany({
    where: { workspaceId: w.id, status: "collecting" },
    orderBy: { createdAt: "asc" },
    select: { id: true, day: true, promptIds: true, engines: true, freshLog: true },
  });
  if (collecting.length === 0) return { runIds: [], outcome: "skipped: no confirmation under way" };
  const now = ctx.clock.now();
  let remaining =
    (w.confirmationBudgetMicrousd ?? 0n) - (await confirmationSpend(ctx.prisma, w.id, now));
  const runIds: string[] = [];
  let overBudget = 0;
  let notCounted = 0;
  let problem: string | undefined;
  const today = dayOf(now);
  const asked = new Set(
    (
      await ctx.prisma.run.findMany({
        where: {
          workspaceId: w.id,
          purpose: "confirmation",
          createdAt: { gte: dayStart(today) },
        },
        select: { confirmationId: true },
      })
    ).map((r) => r.confirmationId),
  );
  for (const c of collecting) {
    // Answers that would not count: of its borderline day, of a day already counted or past
    // its last countable day; and one run a day (the occurrence's day may be another).
    const log = storedLog(c);
    if (
      dayOf(c.day) >= today ||
      today > lastCountedDay(dayOf(c.day)) ||
      (log.at(-1)?.date ?? "") >= today ||
      asked.has(c.id)
    ) {
      notCounted++;
      continue;
    }
    const plan = await planConfirmationRun(ctx, ctx.prisma, w, {
      promptIds: c.promptIds,
      engines: c.engines,
      repetitions: CONFIRMATION_REPETITIONS,
    });
    if (!plan) continue;
    if (plan.estimateMicrousd > remaining) {
      overBudget++;
      continue;
    }
    // One run per confirmation and UTC day (the day its answers count on), whatever the
    // occurrence acted on.
    const key = `confirm:${c.id}:${today}`;
    try {
      const run = await startPlannedRun({
        ctx,
        principal: { kind: "anonymous" },
        trigger: "schedule",
        workspace: { id: w.id, slug: w.slug, role: null },
        requestId: key,
        input: { preset: (w.schedulePreset ?? "standard") as RunPreset, idempotencyKey: key },
        planned: { plan },
        confirmationId: c.id,
      });
      remaining -= plan.estimateMicrousd;
      runIds.push(run.runId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problem = error.code === "insufficient_credits" ? "insufficient credits" : error.message;
      ctx.logger.warn({ workspaceId: w.id, code: error.code }, "confirmation run skipped");
      break;
    }
  }
  const parts = [
    ...(runIds.length > 0 ? [`started ${runIds.join(", ")}`] : []),
    ...(overBudget > 0 ? [`skipped ${overBudget}: monthly confirmation budget reached`] : []),
    ...(notCounted > 0
      ? [`skipped ${notCounted}: answers asked today would not count (or were asked already)`]
      : []),
    ...(problem ? [`skipped: ${problem}`] : []),
  ];
  return { runIds, outcome: parts.join("; ") || "skipped: no followed prompt or engine left" };
}
