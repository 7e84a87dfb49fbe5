import { describe, expect, it } from "vitest";
import {
  DEFAULT_CHANGE_FDR,
  detectChanges,
  windowEstimate,
} from "../../src/metrics/detect-changes.js";
import {
  estimatePrecisionInputs,
  type PlanDesign,
  predictPrecision,
} from "../../src/metrics/plan-precision.js";
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

/** Mean half-width of a day's and a week's interval over `weeks` simulated weeks of a design. */
function observed(entityId: string, prompts: number, repetitions: number, weeks: number) {
  let day = 0;
  let week = 0;
  for (let i = 0; i < weeks; i++) {
    const series = simulateSeries(
      { prompts, engines, repetitions, days: 7, drift, mentionRate },
      Rng.fromString(`plan/${entityId}/${prompts}/${repetitions}/${i}`),
    );
    const pooled = series.find((s) => s.entityId === entityId && s.engine === null);
    const sums = new WindowSums(pooled?.days ?? []);
    for (let d = 0; d < 7; d++) day += halfWidth(windowEstimate(sums, [d, d + 1])) / 7;
    week += halfWidth(windowEstimate(sums, [0, 7]));
  }
  return { day: day / weeks, week: week / weeks };
}

describe("planning precision from a workspace's history", () => {
  it.each(["Acme", "Globex"])(
    "%s: predicted day and week half-widths within a fifth of simulated runs of the planned size",
    (entityId) => {
      const history = simulateSeries(
        { prompts: 40, engines, repetitions: 2, days: 28, drift, mentionRate },
        Rng.fromString(`plan-history/${entityId}`),
      ).find((s) => s.entityId === entityId && s.engine === null);
      const inputs = estimatePrecisionInputs(history?.days ?? []);
      expect(inputs).not.toBeNull();
      for (const [prompts, repetitions] of [
        [40, 2],
        [80, 1],
        [20, 4],
        [120, 2],
      ] as const) {
        const design: PlanDesign = { prompts, answersPerPrompt: 2 * repetitions, daysPerWeek: 7 };
        const predicted = predictPrecision(inputs as NonNullable<typeof inputs>, design);
        const seen = observed(entityId, prompts, repetitions, 60);
        console.log(
          `${entityId} ${prompts} prompts × ${repetitions}: day ${predicted.dayHalfWidth.toFixed(4)} vs ${seen.day.toFixed(4)}, week ${predicted.weekHalfWidth.toFixed(4)} vs ${seen.week.toFixed(4)}, detectable ${predicted.weeklyDetectableChange?.toFixed(3)}`,
        );
        expect(predicted.dayHalfWidth / seen.day).toBeGreaterThan(0.8);
        expect(predicted.dayHalfWidth / seen.day).toBeLessThan(1.2);
        expect(predicted.weekHalfWidth / seen.week).toBeGreaterThan(0.8);
        expect(predicted.weekHalfWidth / seen.week).toBeLessThan(1.2);
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
