import { describe, expect, it } from "vitest";
import {
  type ChangeSeries,
  DEFAULT_CHANGE_FDR,
  detectChanges,
  windowEstimate,
} from "../../src/metrics/detect-changes.js";
import {
  estimatePrecisionInputs,
  metricPrecisionInputs,
  type PlanDesign,
  type PrecisionInputs,
  predictPrecision,
} from "../../src/metrics/plan-precision.js";
import {
  answeredDays,
  dailyProportions,
  promptDayCounts,
  shareOfVoiceCount,
  visibilityCount,
} from "../../src/metrics/prompt-day-counts.js";
import { WindowSums } from "../../src/metrics/window-sums.js";
import { Rng } from "../../src/prng.js";
import { drift } from "./drift-model.js";
import { mentionRate } from "./significance-fixtures.js";
import { simulateSeries } from "./simulated-series.js";

/**
 * The planner's precision (docs/metrics.md, "Planning precision") against
 * simulated runs: the inputs estimated from a 28-day history of 40 prompts ×
 * 2 engines × 2 repetitions (drift-model.ts: prompt effects, personas, the
 * engines' state per day), the half-widths predicted for other designs on the
 * same engines, and those observed on simulated weeks of that size.
 */
const engines = ["sim-alpha", "sim-beta"];
const halfWidth = (e: { ciLow: number; ciHigh: number }) => (e.ciHigh - e.ciLow) / 2;

const entityIds = Object.keys(mentionRate);

/** Each metric's daily series of `entityId` (pooled), and the prompt-day counts. */
function metricDays(series: ChangeSeries[], entityId: string) {
  const byDay = promptDayCounts(entityIds, series, { from: "2000-01-01", to: "2100-12-31" });
  const days = answeredDays(byDay);
  const index = entityIds.indexOf(entityId);
  return {
    visibility: dailyProportions(byDay, days, visibilityCount(index)),
    shareOfVoice: dailyProportions(byDay, days, shareOfVoiceCount(index)),
    inputs: () => metricPrecisionInputs(byDay, days, index),
  };
}

const metrics = ["visibility", "shareOfVoice"] as const;

/** Mean half-width of a day's and a week's interval over `weeks` simulated weeks of a design. */
function observed(entityId: string, prompts: number, repetitions: number, weeks: number) {
  const seen = { visibility: { day: 0, week: 0 }, shareOfVoice: { day: 0, week: 0 } };
  for (let i = 0; i < weeks; i++) {
    const series = simulateSeries(
      { prompts, engines, repetitions, days: 7, drift, mentionRate },
      Rng.fromString(`plan/${entityId}/${prompts}/${repetitions}/${i}`),
    );
    const daily = metricDays(series, entityId);
    for (const metric of metrics) {
      const sums = new WindowSums(daily[metric]);
      for (let d = 0; d < 7; d++)
        seen[metric].day += halfWidth(windowEstimate(sums, [d, d + 1])) / 7 / weeks;
      seen[metric].week += halfWidth(windowEstimate(sums, [0, 7])) / weeks;
    }
  }
  return seen;
}

describe("planning precision from a workspace's history", () => {
  it.each(["Acme", "Globex"])(
    "%s: predicted day and week half-widths of visibility and share of voice within a fifth of simulated runs of the planned size",
    (entityId) => {
      const history = metricDays(
        simulateSeries(
          { prompts: 40, engines, repetitions: 2, days: 28, drift, mentionRate },
          Rng.fromString(`plan-history/${entityId}`),
        ),
        entityId,
      );
      const inputs = history.inputs();
      expect(inputs.visibility?.trialsPerAnswer).toBe(1);
      // The four entities' mention rates sum to about 1.4: the trials of share of voice.
      expect(inputs.shareOfVoice?.trialsPerAnswer).toBeGreaterThan(1.3);
      for (const [prompts, repetitions] of [
        [40, 2],
        [80, 1],
        [20, 4],
        [120, 2],
      ] as const) {
        const design: PlanDesign = { prompts, answersPerPrompt: 2 * repetitions, daysPerWeek: 7 };
        const seen = observed(entityId, prompts, repetitions, 60);
        for (const metric of metrics) {
          const predicted = predictPrecision(inputs[metric] as PrecisionInputs, design);
          const { day, week } = seen[metric];
          console.log(
            `${entityId} ${metric} ${prompts} prompts × ${repetitions}: day ${predicted.dayHalfWidth.toFixed(4)} vs ${day.toFixed(4)}, week ${predicted.weekHalfWidth.toFixed(4)} vs ${week.toFixed(4)}, detectable ${predicted.weeklyDetectableChange?.toFixed(3)}`,
          );
          expect(predicted.dayHalfWidth / day).toBeGreaterThan(0.8);
          expect(predicted.dayHalfWidth / day).toBeLessThan(1.2);
          expect(predicted.weekHalfWidth / week).toBeGreaterThan(0.8);
          expect(predicted.weekHalfWidth / week).toBeLessThan(1.2);
        }
      }
    },
    60_000,
  );

  it("a history where the brand is never named predicts some width, not none", () => {
    const never = Array.from({ length: 5 }, (_, d) => ({
      date: `2026-01-0${d + 1}`,
      successes: 0,
      trials: 80,
      prompts: Array.from({ length: 20 }, (_, p) => ({
        promptId: `p${p}`,
        successes: 0,
        trials: 4,
      })),
    }));
    const inputs = estimatePrecisionInputs(never);
    expect(inputs).toMatchObject({ rate: 0, days: 5 });
    const plan = predictPrecision(inputs as NonNullable<typeof inputs>, {
      prompts: 20,
      answersPerPrompt: 4,
      daysPerWeek: 7,
    });
    for (const value of [plan.dayHalfWidth, plan.weekHalfWidth, plan.weeklyDetectableChange]) {
      expect(Number.isFinite(value)).toBe(true);
      expect(value).toBeGreaterThan(0);
    }
    // One prompt: finite, capped.
    const one = predictPrecision(inputs as NonNullable<typeof inputs>, {
      prompts: 1,
      answersPerPrompt: 4,
      daysPerWeek: 1,
    });
    expect(one.dayHalfWidth).toBeLessThanOrEqual(0.5);
    expect(one.weeklyDetectableChange).toBeNull();
  });

  it("the weekly detectable change is flagged about 80% of the time by the detector", () => {
    const history = simulateSeries(
      { prompts: 40, engines, repetitions: 2, days: 28, drift, mentionRate },
      Rng.fromString("plan-power-history"),
    ).find((s) => s.entityId === "Acme" && s.engine === null);
    const inputs = estimatePrecisionInputs(history?.days ?? []);
    // The detector's family a day: 4 entities, pooled and on each of 2 engines.
    const family = 4 * (engines.length + 1);
    const predicted = predictPrecision(
      inputs as NonNullable<typeof inputs>,
      { prompts: 40, answersPerPrompt: 4, daysPerWeek: 7 },
      { alpha: DEFAULT_CHANGE_FDR / family },
    );
    const change = predicted.weeklyDetectableChange as number;
    let flagged = 0;
    const runs = 200;
    for (let run = 0; run < runs; run++) {
      const series = simulateSeries(
        {
          prompts: 40,
          engines,
          repetitions: 2,
          days: 35,
          drift,
          mentionRate,
          shift: { entityId: "Acme", points: 100 * change, fromDay: 28 },
        },
        Rng.fromString(`plan-power/${run}`),
      );
      const last = "2026-02-04"; // the 7th day after the change: a full week on the tested side
      const hit = detectChanges({ series }).changes.some(
        (c) => c.entityId === "Acme" && c.engine === null && c.date === last,
      );
      if (hit) flagged++;
    }
    console.log(
      `detectable ${(100 * change).toFixed(1)} pt: flagged on the week's last day in ${flagged} of ${runs}`,
    );
    expect(flagged / runs).toBeGreaterThan(0.65);
    expect(flagged / runs).toBeLessThan(0.95);
  });
});
