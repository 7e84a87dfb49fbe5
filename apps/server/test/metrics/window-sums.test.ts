import { describe, expect, it } from "vitest";
import { addDays } from "../../src/days.js";
import { detectChanges } from "../../src/metrics/detect-changes.js";
import { tInterval, twoWayRatio } from "../../src/metrics/two-way-variance.js";
import { type DailyProportion, WindowSums } from "../../src/metrics/window-sums.js";
import { Rng } from "../../src/prng.js";
import { drift } from "./drift-model.js";
import { mentionRate } from "./significance-fixtures.js";
import { simulateSeries } from "./simulated-series.js";

const base = { prompts: 40, engines: ["sim-alpha", "sim-beta"], repetitions: 2, mentionRate };
const day = (date: string, successes: number, trials: number): DailyProportion => ({
  date,
  successes,
  trials,
});
/** `n` consecutive days from 2026-01-01 + `skip`. */
const dates = (n: number, skip = 0) =>
  Array.from({ length: n }, (_, i) => addDays("2026-01-01", skip + i));

/** The day's first `keep` prompts: a smoke or partial run. */
function smokeRun(d: DailyProportion, keep: number): DailyProportion {
  const prompts = (d.prompts ?? []).slice(0, keep);
  const sum = (k: "successes" | "trials") => prompts.reduce((s, p) => s + p[k], 0);
  return { date: d.date, prompts, successes: sum("successes"), trials: sum("trials") };
}

/**
 * The day-level test of change detection and recommendation impact
 * (docs/metrics.md, "Change detection"): the days' dispersion weighted by
 * their answers, floored.
 */
describe("WindowSums.test: the days' rates compared", () => {
  it("weighs each day's deviation by its answers: σ̂ pooled over both sides, df = days − 2", () => {
    // Base: 20/100, 30/100 (rate .25); recent: 40/100, 50/100 (rate .45).
    const sums = new WindowSums([
      day("2026-01-01", 20, 100),
      day("2026-01-02", 30, 100),
      day("2026-01-03", 40, 100),
      day("2026-01-04", 50, 100),
    ]);
    const t = sums.test([2, 4], [0, 2]);
    // Σ n (r − R)² = 100 · 4 · 0.05² = 1; φ̂ = 1 / 2; variance φ̂ (1/200 + 1/200).
    expect(t.delta).toBeCloseTo(0.2, 12);
    expect(t.df).toBe(2);
    expect(t.variance).toBeCloseTo(0.5 * (2 / 200), 12);
    expect(t.t).toBeCloseTo(0.2 / Math.sqrt(0.005), 10);
  });

  it("days of identical rates give a finite statistic, far past any threshold", () => {
    const days = [
      ...dates(28).map((d) => day(d, 0, 160)),
      ...dates(7, 28).map((d) => day(d, 48, 160)),
    ];
    const t = new WindowSums(days).test([28, 35], [0, 28]);
    expect(Number.isFinite(t.t)).toBe(true);
    expect(t.t).toBeGreaterThan(50);
    expect(t.pValue).toBeLessThan(1e-12);
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
    // Both sides at 0: no difference, p = 1.
    const flat = new WindowSums(dates(10).map((d) => day(d, 0, 160))).test([5, 10], [0, 5]);
    expect(flat.t).toBe(0);
    expect(flat.pValue).toBe(1);
  });

  it("refuses fewer than 3 days (no degrees of freedom)", () => {
    const sums = new WindowSums([day("2026-01-01", 1, 10), day("2026-01-02", 5, 10)]);
    expect(() => sums.test([1, 2], [0, 1])).toThrow(RangeError);
  });

  it("a smoke-run day barely moves the variance: it weighs by its answers", () => {
    let withSmoke = 0;
    let without = 0;
    for (let f = 0; f < 200; f++) {
      const series = simulateSeries(
        { ...base, days: 35, drift },
        Rng.fromString(`window-sums/smoke/${f}`),
      );
      const days = (series[0] as { days: DailyProportion[] }).days;
      const smoked = days.map((d, i) => (i === 10 || i === 30 ? smokeRun(d, 4) : d));
      without += new WindowSums(days).test([28, 35], [0, 28]).variance;
      withSmoke += new WindowSums(smoked).test([28, 35], [0, 28]).variance;
    }
    // Two of 35 days lose 90% of their answers: the sides lose ~5% of theirs.
    expect(withSmoke / without).toBeGreaterThan(0.9);
    expect(withSmoke / without).toBeLessThan(1.25);
  });

  it("a +10-point week with two smoke-run days is still flagged about as often (≥ 85% of 200)", () => {
    let flagged = 0;
    const runs = 200;
    for (let run = 0; run < runs; run++) {
      const series = simulateSeries(
        { ...base, days: 35, shift: { entityId: "Acme", points: 10, fromDay: 28 } },
        Rng.fromString(`window-sums/power/${run}`),
      ).map((s) => ({
        ...s,
        days: s.days.map((d, i) => (i === 10 || i === 30 ? smokeRun(d, 4) : d)),
      }));
      const hit = detectChanges({ series }).changes.some(
        (c) => c.entityId === "Acme" && c.engine === null && c.date >= "2026-01-29",
      );
      if (hit) flagged++;
    }
    expect(flagged / runs).toBeGreaterThanOrEqual(0.85);
  });
});

describe("WindowSums.rateVariance", () => {
  it("agrees with twoWayRatio on the same cells", () => {
    const series = simulateSeries({ ...base, days: 7, drift }, Rng.fromString("window-sums/agree"));
    for (const s of series.slice(0, 3)) {
      const sums = new WindowSums(s.days);
      const cells = s.days.flatMap((d) =>
        (d.prompts ?? []).map((p) => ({
          prompt: p.promptId,
          day: d.date,
          x: p.successes,
          n: p.trials,
        })),
      );
      const expected = twoWayRatio(cells);
      const { successes, trials } = sums.total(0, 7);
      const v = sums.rateVariance(0, 7);
      expect(successes / trials).toBeCloseTo(expected.value, 12);
      expect(v.unit).toBe(expected.unit);
      const [low, high] = tInterval(successes / trials, v, [0, 1]);
      expect(low).toBeCloseTo(expected.ciLow, 10);
      expect(high).toBeCloseTo(expected.ciHigh, 10);
    }
  });
});
