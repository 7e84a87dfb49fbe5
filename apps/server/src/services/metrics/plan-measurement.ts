import type { QueryParams, ResponseBody, RunPreset } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { addDays } from "../../days.js";
import { DEFAULT_CHANGE_FDR } from "../../metrics/detect-changes.js";
import {
  estimatePrecisionInputs,
  type PrecisionInputs,
  predictPrecision,
} from "../../metrics/plan-precision.js";
import type { WorkspaceOperation } from "../operation.js";
import { nextOccurrence } from "../run-schedule/cron-schedule.js";
import { planRun, type RunPlan } from "../runs/plan-run.js";
import { loadMetricsHead } from "./load-metrics-head.js";
import { loadVisibilitySeries } from "./load-visibility-series.js";
import type { MetricsScope } from "./metrics-scope.js";

type MetricsPlan = ResponseBody<"getMetricsPlan", 200>;
type PlanDesign = MetricsPlan["current"];

/** Days of the brand's history the inputs are estimated from. */
export const PLAN_HISTORY_DAYS = 28;
const MONTH_DAYS = 30;

/**
 * The inputs without history (docs/metrics.md, "Planning precision"): those
 * estimated from 200 simulated days of 200 prompts of the calibration's drift
 * model (visibility 0.3 on the logit scale; prompt effects sd 0.6, personas,
 * each engine's state per day sd 0.25), rounded.
 */
export const PRIOR_INPUTS: PrecisionInputs = {
  rate: 0.3,
  promptVariance: 0.0165,
  dayVariance: 0.0012,
  cellVariance: 0,
  answerVariance: 0.2,
};

/**
 * What the workspace's runs buy and what a proposed change would
 * (`GET .../metrics/plan`): the brand's visibility precision per day and week,
 * the weekly detectable change, and the credits a month reserves at most.
 */
export async function planMeasurement(
  options: WorkspaceOperation & { query: QueryParams<"getMetricsPlan"> },
): Promise<MetricsPlan> {
  const { ctx, workspace, query } = options;
  const stored = await ctx.prisma.workspace.findUniqueOrThrow({
    where: { id: workspace.id },
    select: {
      id: true,
      measurementModel: true,
      scheduleCron: true,
      scheduleTimezone: true,
      schedulePreset: true,
    },
  });
  const schedulePreset = (stored.schedulePreset as RunPreset | null) ?? "standard";
  const schedule =
    stored.scheduleCron && stored.scheduleTimezone
      ? scheduledRuns(stored.scheduleCron, stored.scheduleTimezone, ctx.clock.now())
      : null;
  // The scope and the latest day with data, as every metrics read starts (cached per workspace).
  const { scope, days } = await loadMetricsHead({ ctx, workspaceId: workspace.id, recentRuns: 0 });
  const { inputs, historyDays } = await precisionInputs(ctx, scope, days[0]?.day);
  // A proposal of the current preset plans the same run: planned once.
  const plans = new Map<RunPreset, Promise<RunPlan>>();
  const planOf = (preset: RunPreset) => {
    const plan = plans.get(preset) ?? planRun(ctx, ctx.prisma, stored, preset);
    plans.set(preset, plan);
    return plan;
  };
  const design = async (preset: RunPreset, over: PlanOverrides) => {
    const scheduled = over.runsPerWeek === undefined && schedule !== null;
    const plan = await planOf(preset);
    const engines = plan.selection.engines.map((e) => e.id);
    const prompts = over.prompts ?? plan.prompts.length;
    const repetitions = over.repetitions ?? plan.repetitions;
    const runsPerWeek = over.runsPerWeek ?? schedule?.perWeek ?? 7;
    const runsPerMonth = scheduled && schedule ? schedule.perMonth : (runsPerWeek * MONTH_DAYS) / 7;
    // Each answer's ceiling averaged over the plan's: a proposed prompt costs what one does now.
    const perAnswer = Number(plan.estimateMicrousd) / plan.totalTasks;
    const perRun = perAnswer * prompts * engines.length * repetitions;
    // One family of change detection a day: every entity, pooled and on each engine.
    const family = scope.entities.length * (engines.length + 1);
    const visibility = predictPrecision(
      inputs,
      { prompts, answersPerPrompt: engines.length * repetitions, daysPerWeek: runsPerWeek },
      { alpha: DEFAULT_CHANGE_FDR / family },
    );
    return {
      preset,
      scheduled,
      prompts,
      engines,
      repetitions,
      runsPerWeek,
      visibility,
      creditsPerMonthMicrousd: Math.ceil(perRun * runsPerMonth),
    } satisfies PlanDesign;
  };
  const current = await design(schedulePreset, {});
  const proposing =
    query.preset !== undefined ||
    query.prompts !== undefined ||
    query.repetitions !== undefined ||
    query.runsPerWeek !== undefined;
  const proposed = proposing
    ? await design(query.preset ?? schedulePreset, {
        prompts: query.prompts,
        repetitions: query.repetitions,
        runsPerWeek: query.runsPerWeek,
      })
    : null;
  return {
    basis: historyDays > 0 ? "history" : "prior",
    historyDays,
    inputs,
    current,
    proposed,
  };
}

interface PlanOverrides {
  prompts?: number | undefined;
  repetitions?: number | undefined;
  runsPerWeek?: number | undefined;
}

/**
 * The schedule's run days: its occurrences in the next 28 days (at most one a
 * local day), as runs a week rounded to 1-7 for the predictions, and exactly
 * for the credits.
 */
function scheduledRuns(
  cron: string,
  timezone: string,
  now: Date,
): { perWeek: number; perMonth: number } {
  const end = now.getTime() + 28 * 86_400_000;
  let runs = 0;
  for (let at = nextOccurrence(cron, timezone, now); at.getTime() <= end && runs < 28; runs++) {
    at = nextOccurrence(cron, timezone, at);
  }
  return {
    perWeek: Math.min(7, Math.max(1, Math.round(runs / 4))),
    perMonth: (runs * MONTH_DAYS) / 28,
  };
}

/**
 * The brand's inputs from its days with answers among the PLAN_HISTORY_DAYS
 * calendar days ending on its latest, else the priors; `historyDays`: the
 * days the estimate used (prompts answered at least twice).
 */
async function precisionInputs(
  ctx: AppContext,
  scope: MetricsScope,
  latest: string | undefined,
): Promise<{ inputs: PrecisionInputs; historyDays: number }> {
  const { workspaceId } = scope;
  if (!latest) return { inputs: PRIOR_INPUTS, historyDays: 0 };
  const self = scope.entities.filter((e) => e.isSelf);
  const series = await loadVisibilitySeries({
    ctx,
    workspaceId,
    version: scope.version,
    entities: self,
    from: addDays(latest, 1 - PLAN_HISTORY_DAYS),
    to: latest,
    filters: {},
  });
  const pooled = series.find((s) => s.engine === null);
  const estimated = pooled && estimatePrecisionInputs(pooled.days);
  if (!estimated) return { inputs: PRIOR_INPUTS, historyDays: 0 };
  const { days, ...inputs } = estimated;
  return { inputs, historyDays: days };
}
