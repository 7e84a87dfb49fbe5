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
import { planRun } from "../runs/plan-run.js";
import { loadVisibilitySeries } from "./load-visibility-series.js";
import { loadMetricsScope, type MetricsScope } from "./metrics-scope.js";

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
  const scheduledRuns =
    stored.scheduleCron && stored.scheduleTimezone
      ? runsInAWeek(stored.scheduleCron, stored.scheduleTimezone, ctx.clock.now())
      : null;
  const scope = await loadMetricsScope(ctx, workspace.id);
  const { inputs, historyDays } = await precisionInputs(ctx, scope);
  const design = async (preset: RunPreset, over: Partial<PlanOverrides>, scheduled: boolean) => {
    const plan = await planRun(ctx, ctx.prisma, stored, preset);
    const engines = plan.selection.engines.map((e) => e.id);
    const prompts = over.prompts ?? plan.prompts.length;
    const repetitions = over.repetitions ?? plan.repetitions;
    const runsPerWeek = over.runsPerWeek ?? scheduledRuns ?? 7;
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
      creditsPerMonthMicrousd: Math.ceil((perRun * runsPerWeek * MONTH_DAYS) / 7),
    } satisfies PlanDesign;
  };
  const current = await design(schedulePreset, {}, scheduledRuns !== null);
  const proposing =
    query.preset !== undefined ||
    query.prompts !== undefined ||
    query.repetitions !== undefined ||
    query.runsPerWeek !== undefined;
  const proposed = proposing
    ? await design(
        query.preset ?? schedulePreset,
        {
          prompts: query.prompts,
          repetitions: query.repetitions,
          runsPerWeek: query.runsPerWeek ?? current.runsPerWeek,
        },
        false,
      )
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
  prompts: number | undefined;
  repetitions: number | undefined;
  runsPerWeek: number | undefined;
}

/** Occurrences of the schedule in the next 7 days (at most one a local day: 1 to 7). */
function runsInAWeek(cron: string, timezone: string, now: Date): number {
  const end = now.getTime() + 7 * 86_400_000;
  let runs = 0;
  for (let at = nextOccurrence(cron, timezone, now); at.getTime() <= end && runs < 7; runs++) {
    at = nextOccurrence(cron, timezone, at);
  }
  return Math.max(1, runs);
}

/** The brand's inputs from its last PLAN_HISTORY_DAYS days with answers, else the priors. */
async function precisionInputs(
  ctx: AppContext,
  scope: MetricsScope,
): Promise<{ inputs: PrecisionInputs; historyDays: number }> {
  const { workspaceId } = scope;
  const [latest] = await ctx.prisma.$queryRawUnsafe<Array<{ day: string | null }>>(
    `SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM metric_days
     WHERE workspace_id = $1 AND analysis_version = $2::int AND responses > 0`,
    workspaceId,
    scope.version,
  );
  if (!latest?.day) return { inputs: PRIOR_INPUTS, historyDays: 0 };
  const self = scope.entities.filter((e) => e.isSelf);
  const series = await loadVisibilitySeries({
    ctx,
    workspaceId,
    version: scope.version,
    entities: self,
    from: addDays(latest.day, 1 - PLAN_HISTORY_DAYS),
    to: latest.day,
    filters: {},
  });
  const pooled = series.find((s) => s.engine === null);
  const inputs = pooled && estimatePrecisionInputs(pooled.days);
  return inputs
    ? { inputs, historyDays: pooled.days.length }
    : { inputs: PRIOR_INPUTS, historyDays: 0 };
}
