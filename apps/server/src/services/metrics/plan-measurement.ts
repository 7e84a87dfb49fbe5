import type { QueryParams, ResponseBody, RunPreset } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { addDays } from "../../days.js";
import { DEFAULT_CHANGE_FDR } from "../../metrics/detect-changes.js";
import {
  metricPrecisionInputs,
  type PrecisionInputs,
  predictPrecision,
} from "../../metrics/plan-precision.js";
import { answeredDays, promptDayCounts } from "../../metrics/prompt-day-counts.js";
import type { WorkspaceOperation } from "../operation.js";
import { nextOccurrence } from "../run-schedule/cron-schedule.js";
import { planRun, type RunPlan } from "../runs/plan-run.js";
import { loadVisibilitySeries } from "./load-entity-count-series.js";
import { loadMetricsHead } from "./load-metrics-head.js";
import type { MetricsScope } from "./metrics-scope.js";

type MetricsPlan = ResponseBody<"getMetricsPlan", 200>;
type PlanDesign = MetricsPlan["current"];

/** Days of the brand's history the inputs are estimated from. */
export const PLAN_HISTORY_DAYS = 28;
const MONTH_DAYS = 30;

/**
 * The inputs without history (docs/metrics.md, "Planning precision"): those
 * estimated from 200 simulated days of 200 prompts × 2 engines × 2
 * repetitions of the calibration's drift model (the brand's base visibility
 * 0.3 on the logit scale among four tracked entities; prompt effects sd 0.6,
 * personas, each engine's state per day sd 0.25), rounded; test/metrics/plan-priors.test.ts
 * reproduces them.
 */
export const PRIOR_INPUTS: PrecisionInputs = {
  rate: 0.327,
  promptVariance: 0.02,
  dayVariance: 0.00093,
  cellVariance: 0,
  answerVariance: 0.2,
  trialsPerAnswer: 1,
};

/** The brand's share of voice in the same simulation: 1.47 tracked mentions an answer. */
export const PRIOR_SHARE_OF_VOICE_INPUTS: PrecisionInputs = {
  rate: 0.223,
  promptVariance: 0.00575,
  dayVariance: 0.000337,
  cellVariance: 0.00164,
  answerVariance: 0.0974,
  trialsPerAnswer: 1.47,
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
  const { inputs, shareOfVoiceInputs, historyDays, shareOfVoiceHistory } = await precisionInputs(
    ctx,
    scope,
    days[0]?.day,
  );
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
    const planned = {
      prompts,
      answersPerPrompt: engines.length * repetitions,
      daysPerWeek: runsPerWeek,
    };
    const level = { alpha: DEFAULT_CHANGE_FDR / family };
    return {
      preset,
      scheduled,
      prompts,
      engines,
      repetitions,
      runsPerWeek,
      visibility: predictPrecision(inputs, planned, level),
      shareOfVoice: predictPrecision(shareOfVoiceInputs, planned, level),
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
    shareOfVoiceBasis: shareOfVoiceHistory ? "history" : "prior",
    shareOfVoiceInputs,
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
 * The brand's inputs, of its visibility and of its share of voice, from its
 * days with answers among the PLAN_HISTORY_DAYS calendar days ending on its
 * latest, each from the priors when its history is too short (share of voice
 * also needs cells naming tracked entities twice, and visibility's history);
 * `historyDays`: the days the visibility estimate used (prompts answered at
 * least twice).
 */
async function precisionInputs(
  ctx: AppContext,
  scope: MetricsScope,
  latest: string | undefined,
): Promise<{
  inputs: PrecisionInputs;
  shareOfVoiceInputs: PrecisionInputs;
  historyDays: number;
  shareOfVoiceHistory: boolean;
}> {
  if (!latest) {
    return {
      inputs: PRIOR_INPUTS,
      shareOfVoiceInputs: PRIOR_SHARE_OF_VOICE_INPUTS,
      historyDays: 0,
      shareOfVoiceHistory: false,
    };
  }
  const range = { from: addDays(latest, 1 - PLAN_HISTORY_DAYS), to: latest };
  const series = await loadVisibilitySeries({
    ctx,
    workspaceId: scope.workspaceId,
    version: scope.version,
    entities: scope.entities,
    ...range,
    filters: {},
  });
  const byDay = promptDayCounts(
    scope.entities.map((e) => e.id),
    series,
    range,
  );
  const self = scope.entities.findIndex((e) => e.isSelf);
  const estimated = metricPrecisionInputs(byDay, answeredDays(byDay), self);
  const visibility = estimated.visibility;
  // Share of voice's history only beside visibility's: a day needs prompts answered twice.
  const shareOfVoice = visibility ? estimated.shareOfVoice : null;
  const without = <T extends { days: number }>({ days: _, ...rest }: T) => rest;
  return {
    inputs: visibility ? without(visibility) : PRIOR_INPUTS,
    shareOfVoiceInputs: shareOfVoice ? without(shareOfVoice) : PRIOR_SHARE_OF_VOICE_INPUTS,
    historyDays: visibility?.days ?? 0,
    shareOfVoiceHistory: shareOfVoice !== null,
  };
}
