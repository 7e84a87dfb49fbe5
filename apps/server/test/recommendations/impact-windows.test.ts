import { describe, expect, it } from "vitest";
import { addDays } from "../../src/days.js";
import {
  type ImpactVerdict,
  MIN_IMPACT_WINDOW_DAYS,
  measureImpact,
  type RatioCell,
} from "../../src/metrics/recommendation-impact.js";
import { Rng } from "../../src/prng.js";
import {
  type DriftModel,
  drawDayEffects,
  drawPromptEffects,
  drift,
} from "../metrics/drift-model.js";
import { day } from "../metrics/significance-fixtures.js";
import { simulateDay } from "../metrics/simulated-cells.js";
import { rollupRatioCells } from "./impact-simulation.js";

/**
 * Impact over windows (docs/recommendations.md, "Impact"): the week ending on
 * the baseline day against the week ending on the latest later day, tested on
 * the days' rates, when the engines drift from day to day (drift-model.ts:
 * prompt effects, personas, each engine's state per day at logit sd 0.25).
 * Acme's visibility, 40 prompts × 2 engines × 2 repetitions a day.
 */

const ids = Object.keys(day.mentionRate);
const baselineDay = "2026-03-07";

/** One recommendation's two weeks (day → Acme's visibility cells), +`points` on the later one. */
function weeks(rng: Rng, model: DriftModel, points: number, daysEach = 7) {
  const prompts = drawPromptEffects(model, ids, day.prompts, rng);
  const side = (last: string, shift: number) =>
    new Map<string, RatioCell[]>(
      Array.from({ length: daysEach }, (_, i) => {
        const date = addDays(last, i + 1 - daysEach);
        const states = drawDayEffects(model, ids, day.engines, rng);
        const cells = simulateDay(
          {
            ...day,
            drift: { prompts, day: states },
            ...(shift ? { shift: { entityId: "Acme", points: shift } } : {}),
          },
          rng,
        );
        return [date, rollupRatioCells("visibility", cells, "Acme")] as const;
      }),
    );
  return { before: side(baselineDay, 0), after: side("2026-03-21", points) };
}

function verdicts(points: number, reps: number, label: string) {
  const tally = (): Record<ImpactVerdict, number> => ({
    improved: 0,
    worse: 0,
    no_detectable_change: 0,
    not_enough_data: 0,
  });
  const windowed = tally();
  const twoDays = tally();
  for (let i = 0; i < reps; i++) {
    const w = weeks(Rng.fromString(`impact-windows/${label}/${i}`), drift, points);
    const before = w.before.get(baselineDay) ?? [];
    const after = w.after.get("2026-03-21") ?? [];
    const seed = `rec_${label}_${i}`;
    windowed[measureImpact({ metric: "visibility", before, after, windows: w, seed }).verdict]++;
    twoDays[measureImpact({ metric: "visibility", before, after, seed }).verdict]++;
  }
  return { windowed, twoDays };
}

const share = (c: Record<ImpactVerdict, number>, reps: number) => ({
  flagged: (c.improved + c.worse) / reps,
  improved: c.improved / reps,
});

describe("impact over windows when the engines drift", () => {
  it("A/A: a stable workspace is judged changed at most 5% of the time (the two days alone: far more)", () => {
    const reps = 1000;
    const { windowed, twoDays } = verdicts(0, reps, "aa");
    const w = share(windowed, reps);
    const d = share(twoDays, reps);
    console.log(
      `A/A under drift, ${reps}: windows ${(100 * w.flagged).toFixed(1)}% improved or worse; ` +
        `two days alone ${(100 * d.flagged).toFixed(1)}%`,
    );
    expect(windowed.not_enough_data).toBe(0);
    // 5% plus two Monte Carlo standard errors (±0.69 pt on 1,000; 4.9% measured over 2,000).
    expect(w.flagged).toBeLessThanOrEqual(0.05 + 2 * 0.0069);
    expect(d.flagged).toBeGreaterThan(w.flagged);
  }, 60_000);

  it("A/B: +15 points on the later week is 'improved' more often than by the two days alone", () => {
    const reps = 200;
    const { windowed, twoDays } = verdicts(15, reps, "ab15");
    console.log(
      `+15 pt under drift, ${reps}: windows improved ${((100 * windowed.improved) / reps).toFixed(1)}%, ` +
        `two days alone ${((100 * twoDays.improved) / reps).toFixed(1)}% (worse ${twoDays.worse})`,
    );
    expect(windowed.worse).toBe(0);
    expect(windowed.improved / reps).toBeGreaterThanOrEqual(0.6);
  }, 60_000);

  it("says which days it compared, and falls back to the two days with too few days a side", () => {
    const w = weeks(Rng.fromString("impact-windows/shape"), drift, 0);
    const before = w.before.get(baselineDay) ?? [];
    const after = w.after.get("2026-03-21") ?? [];
    const m = measureImpact({ metric: "visibility", before, after, windows: w, seed: "s" });
    expect(m.delta).toMatchObject({
      method: "daily-rates-t",
      windows: {
        before: { from: "2026-03-01", to: baselineDay, days: 7 },
        after: { from: "2026-03-15", to: "2026-03-21", days: 7 },
      },
    });
    expect(m.delta?.ciLow).toBeLessThan(m.delta?.delta ?? 0);
    expect(m.current?.n).toBe(7 * 160);
    // Each window carries its value: the delta is the later week's minus the baseline week's.
    const windows = m.delta?.windows;
    expect(windows?.before).toMatchObject({ value: m.baseline?.value, n: 7 * 160 });
    expect(windows?.after).toMatchObject({
      value: m.current?.value,
      ciLow: m.current?.ciLow,
      ciHigh: m.current?.ciHigh,
      n: 7 * 160,
    });
    expect(m.delta?.delta).toBeCloseTo(
      (windows?.after.value ?? 0) - (windows?.before.value ?? 0),
      12,
    );
    const few = weeks(Rng.fromString("impact-windows/few"), drift, 0, MIN_IMPACT_WINDOW_DAYS - 1);
    const fallback = measureImpact({
      metric: "visibility",
      before: few.before.get(baselineDay) ?? [],
      after: few.after.get("2026-03-21") ?? [],
      windows: few,
      seed: "s",
    });
    expect(fallback.delta).toMatchObject({ method: "paired-cluster-bootstrap", windows: null });
    expect(fallback.current?.n).toBe(160);
  });

  it("weeks with too few prompts fall back to the two days: `current` is then a day's value", () => {
    const w = weeks(Rng.fromString("impact-windows/thin"), drift, 0);
    const thin = (m: Map<string, RatioCell[]>) =>
      new Map([...m].map(([d, cells]) => [d, cells.filter((c) => c.promptId < "prompt-003")]));
    const windows = { before: thin(w.before), after: thin(w.after) };
    const after = windows.after.get("2026-03-21") ?? [];
    const m = measureImpact({
      metric: "visibility",
      before: windows.before.get(baselineDay) ?? [],
      after,
      windows,
      seed: "s",
    });
    expect(m.verdict).toBe("not_enough_data");
    expect(m.delta).toBeNull();
    expect(m.current?.n).toBe(after.reduce((s, c) => s + c.n, 0));
  });
});
