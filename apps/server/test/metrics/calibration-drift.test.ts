import { describe, expect, it } from "vitest";
import { computeMetrics } from "../../src/metrics/compute-metrics.js";
import { detectChanges, windowEstimate } from "../../src/metrics/detect-changes.js";
import { WindowSums } from "../../src/metrics/window-sums.js";
import { Rng } from "../../src/prng.js";
import {
  drawDayEffects,
  drawPromptEffects,
  drift,
  longRunRate,
  promptMeanRate,
} from "./drift-model.js";
import { entities, mentionRate, weights } from "./significance-fixtures.js";
import { simulateDay } from "./simulated-cells.js";
import { simulateSeries } from "./simulated-series.js";

/**
 * Calibration when engines drift from day to day (docs/metrics.md,
 * "Calibration with drift"): truth with prompt effects (logit sd 0.6), a fixed
 * mix of four personas (logit shifts −0.4 to +0.4) and each engine's state per
 * day (logit sd 0.25 per day, engine and entity), 40 prompts × 2 engines × 2
 * repetitions a day, the four entities of the significance tests (their rates
 * are the logit-scale bases). Targets:
 * - a window of days estimates the **long-run** rate (prompts, personas and
 *   the engines' states averaged): the window's interval is two-way (prompt and
 *   day), checked over 7- and 28-day windows;
 * - one day's numbers estimate **that day's** engines (prompts averaged, the
 *   day's states given): the metrics route's bootstrap over prompts, checked
 *   on visibility and share of voice;
 * - the change test on a stable series flags at most its level.
 * Coverage is asserted within 93-97% (Monte Carlo SE about ±0.5 pt on 2,000
 * intervals); the longer run is `bench/calibration-drift.ts`.
 */

const base = { prompts: 40, engines: ["sim-alpha", "sim-beta"], repetitions: 2, mentionRate };
const ids = Object.keys(mentionRate);
const longRun = Object.fromEntries(
  ids.map((id) => [id, longRunRate(drift, mentionRate[id] as number)]),
);

function rate(hits: number, n: number) {
  return { rate: hits / n, label: `${((100 * hits) / n).toFixed(1)}% of ${n}` };
}

describe("calibration with day, prompt and persona effects", () => {
  it("a window's two-way interval covers the long-run rate over 7 and 28 days", () => {
    for (const days of [7, 28]) {
      const windows = days === 7 ? 250 : 125;
      let covered = 0;
      let n = 0;
      for (let w = 0; w < windows; w++) {
        const series = simulateSeries(
          { ...base, days, drift },
          Rng.fromString(`window/${days}/${w}`),
        );
        for (const s of series) {
          const estimate = windowEstimate(new WindowSums(s.days), [0, s.days.length]);
          expect(estimate.unit).toBe("prompt-and-day");
          const truth = longRun[s.entityId] as number;
          if (estimate.ciLow <= truth && truth <= estimate.ciHigh) covered++;
          n++;
        }
      }
      const coverage = rate(covered, n);
      console.log(`${days}-day windows (pooled and per engine, 4 entities): ${coverage.label}`);
      expect(coverage.rate).toBeGreaterThanOrEqual(0.93);
      expect(coverage.rate).toBeLessThanOrEqual(0.97);
    }
  }, 60_000);

  it("one day's bootstrap intervals cover that day's engine state", () => {
    const days = 500;
    const tally: Record<string, [number, number]> = {
      visibility: [0, 0],
      shareOfVoice: [0, 0],
      window: [0, 0],
    };
    const count = (k: string, low: number, high: number, truth: number) => {
      const t = tally[k] as [number, number];
      if (low <= truth && truth <= high) t[0]++;
      t[1]++;
    };
    for (let d = 0; d < days; d++) {
      const rng = Rng.fromString(`one-day/${d}`);
      const prompts = drawPromptEffects(drift, ids, base.prompts, rng);
      const day = drawDayEffects(drift, ids, base.engines, rng);
      const cells = simulateDay({ ...base, citeRate: mentionRate, drift: { prompts, day } }, rng);
      const snapshot = computeMetrics({
        cells,
        entities,
        weights,
        seed: `one-day/${d}`,
        resamples: 400,
      });
      // The day's truth: each engine's prompt mean at its state, pooled.
      const expected = Object.fromEntries(
        ids.map((id) => [
          id,
          base.engines.map((e) =>
            promptMeanRate(drift, mentionRate[id] as number, day[id]?.[e] as number),
          ),
        ]),
      );
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const all = ids.reduce((a, id) => a + mean(expected[id] as number[]), 0);
      for (const e of snapshot.entities) {
        const visibility = mean(expected[e.entityId] as number[]);
        count("visibility", e.visibility.ciLow, e.visibility.ciHigh, visibility);
        count("shareOfVoice", e.shareOfVoice.ciLow, e.shareOfVoice.ciHigh, visibility / all);
        // A one-day window: the prompt-clustered t interval of the same rate.
        const successes = cells.reduce(
          (a, c) => a + (c.entities[e.entityId]?.mentionedResponses ?? 0),
          0,
        );
        const trials = cells.reduce((a, c) => a + c.responses, 0);
        const byPrompt = new Map<string, { successes: number; trials: number }>();
        for (const c of cells) {
          const p = byPrompt.get(c.promptId) ?? { successes: 0, trials: 0 };
          p.successes += c.entities[e.entityId]?.mentionedResponses ?? 0;
          p.trials += c.responses;
          byPrompt.set(c.promptId, p);
        }
        const prompts = [...byPrompt].map(([promptId, p]) => ({ promptId, ...p }));
        const one = windowEstimate(
          new WindowSums([{ date: "2026-01-01", successes, trials, prompts }]),
          [0, 1],
        );
        expect(one.unit).toBe("prompt");
        count("window", one.ciLow, one.ciHigh, visibility);
      }
    }
    const coverages = Object.entries(tally).map(([k, [hits, n]]) => {
      const coverage = rate(hits, n);
      console.log(`one day, ${k}, the day's engine state: ${coverage.label}`);
      return coverage.rate;
    });
    for (const c of coverages) {
      expect(c).toBeGreaterThanOrEqual(0.93);
      expect(c).toBeLessThanOrEqual(0.97);
    }
  }, 60_000);

  it("stable series: the change test flags at most its level, and the detector's false alarms stay rare", () => {
    // The weekly test of the last day of 400 stable 35-day series sets (12 series each).
    let rejected = 0;
    let tests = 0;
    for (let f = 0; f < 400; f++) {
      const series = simulateSeries({ ...base, days: 35, drift }, Rng.fromString(`aa/${f}`));
      for (const s of series) {
        if (new WindowSums(s.days).test([28, 35], [0, 28]).pValue < 0.05) rejected++;
        tests++;
      }
    }
    const level = rate(rejected, tests);
    const se = Math.sqrt((0.05 * 0.95) / tests);
    console.log(
      `A/A at the 5% level under drift: ${level.label} (MC SE ${(100 * se).toFixed(2)} pt)`,
    );
    expect(level.rate).toBeLessThanOrEqual(0.05 + 2 * se);

    // The detector (per-day Benjamini-Hochberg at DEFAULT_CHANGE_FDR) on 100 stable 90-day sets.
    let days = 0;
    let daysFlagged = 0;
    let withFlags = 0;
    for (let f = 0; f < 100; f++) {
      const series = simulateSeries(
        { ...base, days: 90, drift },
        Rng.fromString(`stable-drift/${f}`),
      );
      const result = detectChanges({ series });
      days += result.tests / series.length;
      daysFlagged += new Set(result.changes.map((c) => c.date)).size;
      if (result.changes.length > 0) withFlags++;
    }
    console.log(
      `detector under drift: ${daysFlagged}/${days} stable days, ${withFlags}/100 series with a false alarm`,
    );
    expect(daysFlagged / days).toBeLessThanOrEqual(0.001);
    expect(withFlags / 100).toBeLessThanOrEqual(0.05);
  }, 60_000);
});
