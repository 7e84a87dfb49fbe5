import { describe, expect, it } from "vitest";
import { benjaminiHochberg } from "../../src/metrics/benjamini-hochberg.js";
import { DEFAULT_CHANGE_FDR, detectChanges } from "../../src/metrics/detect-changes.js";
import { Rng } from "../../src/prng.js";
import { mentionRate } from "./significance-fixtures.js";
import { simulateSeries } from "./simulated-series.js";

/**
 * Checked error rates of change detection (docs/metrics.md, "Change
 * detection"), on the pure function, over visibility series drawn from known
 * truth: 40 prompts × 2 engines × 2 repetitions a day, four entities, each
 * tested pooled and on each engine (12 series a day), Benjamini-Hochberg over
 * the tests of each day at DEFAULT_CHANGE_FDR (0.05%), the API's settings.
 *
 * False alarms: 200 stable 90-day series sets (77 days tested each). Documented
 * rates: at most 0.1% of stable days with any flag, and at most 5% of stable
 * 90-day series with a flag on any day
 * (measured over 1,000 sets: 0.04% and 2.5%; with engines drifting from day to
 * day, calibration-drift.test.ts).
 * Power: a sustained +10-point change of Acme's true visibility (0.30 → 0.40)
 * after 28 stable days is flagged, by the default weekly test, within the 7
 * days that follow in at least 80% of 1,000 repetitions.
 */

const base = { prompts: 40, engines: ["sim-alpha", "sim-beta"], repetitions: 2, mentionRate };

describe("change detection over daily series", () => {
  it("Benjamini-Hochberg adjusts as defined", () => {
    const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.2]);
    expect(q.map((v) => Number(v.toFixed(4)))).toEqual([0.04, 0.0533, 0.0533, 0.2]);
  });

  it("false alarms over 200 stable 90-day series sets: ≤ 0.1% of days, ≤ 5% of series", () => {
    const families = 200;
    let withFlags = 0;
    let tests = 0;
    let days = 0;
    let daysFlagged = 0;
    for (let f = 0; f < families; f++) {
      const series = simulateSeries({ ...base, days: 90 }, Rng.fromString(`stable/${f}`));
      const result = detectChanges({ series });
      tests += result.tests;
      days += result.tests / series.length;
      daysFlagged += new Set(result.changes.map((c) => c.date)).size;
      if (result.changes.length > 0) withFlags++;
    }
    console.log(
      `per-day BH at ${DEFAULT_CHANGE_FDR}: ${daysFlagged}/${days} stable days ` +
        `(${((100 * daysFlagged) / days).toFixed(2)}%) and ${withFlags}/${families} series ` +
        `(${((100 * withFlags) / families).toFixed(1)}%) with a false alarm; ${tests} tests`,
    );
    expect(daysFlagged / days).toBeLessThanOrEqual(0.001);
    expect(withFlags / families).toBeLessThanOrEqual(0.05);
  }, 60_000);

  it("a day's flags depend only on that day and the 34 before it", () => {
    const series = simulateSeries(
      { ...base, days: 60, shift: { entityId: "Initech", points: 20, fromDay: 42 } },
      Rng.fromString("window"),
    );
    const full = detectChanges({ series }).changes;
    const day = "2026-02-17";
    const window = series.map((s) => ({
      ...s,
      days: s.days.filter((d) => d.date >= "2026-01-14" && d.date <= day),
    }));
    const flagged = full.filter((c) => c.date === day);
    expect(flagged.length).toBeGreaterThan(0);
    expect(detectChanges({ series: window }).changes.filter((c) => c.date === day)).toEqual(
      flagged,
    );
  });

  it("a sustained +10-point change is flagged within a week in at least 80% of 1,000 repetitions", () => {
    const runs = 1000;
    let flagged = 0;
    for (let run = 0; run < runs; run++) {
      const series = simulateSeries(
        { ...base, days: 35, shift: { entityId: "Acme", points: 10, fromDay: 28 } },
        Rng.fromString(`step/${run}`),
      );
      const { changes } = detectChanges({ series });
      const hit = changes.filter(
        (c) => c.entityId === "Acme" && c.engine === null && c.date >= "2026-01-29",
      );
      if (hit.length > 0) flagged++;
      // The evidence of the first few detections.
      if (run < 3) {
        for (const c of hit) {
          expect(c.direction).toBe("up");
          expect(c.movedPrompts.length).toBe(5);
          expect(c.baseline.days).toBeGreaterThanOrEqual(7);
          expect(c.deltaCiLow).toBeLessThan(c.delta);
        }
      }
    }
    const power = flagged / runs;
    console.log(
      `+10 pt from day 29: flagged within 7 days in ${(100 * power).toFixed(1)}% of ${runs}`,
    );
    expect(power).toBeGreaterThanOrEqual(0.8);
  }, 60_000);

  it("evidence: the days compared, the intervals and the prompts that moved most", () => {
    const series = simulateSeries(
      { ...base, days: 40, shift: { entityId: "Initech", points: 30, fromDay: 35 } },
      Rng.fromString("evidence"),
    );
    const { changes } = detectChanges({ series, recentDays: 1 });
    const first = changes.find((c) => c.entityId === "Initech" && c.engine === null);
    expect(first).toMatchObject({
      date: "2026-02-05",
      recent: { from: "2026-02-05", to: "2026-02-05", days: 1 },
      baseline: { from: "2026-01-08", to: "2026-02-04", days: 28 },
      direction: "up",
      method: "daily-rates-t-vs-trailing-baseline",
    });
    expect(first?.qValue).toBeLessThanOrEqual(DEFAULT_CHANGE_FDR);
    const moved = first?.movedPrompts ?? [];
    expect(moved).toHaveLength(5);
    for (let i = 1; i < moved.length; i++) {
      expect(Math.abs(moved[i - 1]?.change ?? 0)).toBeGreaterThanOrEqual(
        Math.abs(moved[i]?.change ?? 0),
      );
    }
    expect(detectChanges({ series })).toEqual(detectChanges({ series: [...series].reverse() }));
  });
});
