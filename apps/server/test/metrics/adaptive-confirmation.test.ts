import { describe, expect, it } from "vitest";
import { addDays } from "../../src/days.js";
import {
  type ConfirmationPlan,
  confirmationVerdict,
  mixtureBounds,
  planConfirmation,
} from "../../src/metrics/adaptive-confirmation.js";
import type { ChangeSeries, DetectedChange } from "../../src/metrics/detect-changes.js";
import { Rng } from "../../src/prng.js";
import { normal } from "./drift-model.js";

/** The confirmation's rules (src/metrics/adaptive-confirmation.ts) on small, exact inputs. */
const START = "2026-03-01";

/** A series of `days` days, 10 prompts of 4 answers each, `rate(prompt, day)` of them naming it. */
function series(days: number, rate: (prompt: number, day: number) => number): ChangeSeries {
  return {
    entityId: "self",
    engine: null,
    days: Array.from({ length: days }, (_, d) => {
      const prompts = Array.from({ length: 10 }, (_, q) => ({
        promptId: `p${q}`,
        successes: Math.round(4 * rate(q, d)),
        trials: 4,
      }));
      return {
        date: addDays(START, d),
        successes: prompts.reduce((s, p) => s + p.successes, 0),
        trials: 40,
        prompts,
      };
    }),
  };
}

/** A borderline test's evidence: the week ending on day 62 against the 28 days before. */
function borderline(direction: "up" | "down"): DetectedChange {
  const estimate = { value: 0, ciLow: 0, ciHigh: 0, n: 0, unit: "prompt-and-day" as const };
  return {
    entityId: "self",
    engine: null,
    date: addDays(START, 62),
    recent: { from: addDays(START, 56), to: addDays(START, 62), days: 7 },
    direction,
    day: estimate,
    baseline: { ...estimate, from: addDays(START, 28), to: addDays(START, 55), days: 28 },
    delta: 0,
    deltaCiLow: 0,
    deltaCiHigh: 0,
    z: 0,
    df: 33,
    pValue: 0.0008,
    qValue: 0.01,
    method: "daily-rates-t-vs-trailing-baseline",
    movedPrompts: [],
  };
}

describe("planning a confirmation", () => {
  it("follows the prompts that moved most in the change's direction, against the days before the baseline", () => {
    // In the recent week prompts 7-9 rise to 1, prompts 4-6 to 0.75; the others stay at 0.5
    // on average (alternating 0.25 / 0.75).
    const s = series(63, (q, d) =>
      d >= 56 && q >= 7 ? 1 : d >= 56 && q >= 4 ? 0.75 : (q + d) % 2 === 0 ? 0.25 : 0.75,
    );
    const plan = planConfirmation(borderline("up"), s, 3) as ConfirmationPlan;
    expect(plan.promptIds).toEqual(["p7", "p8", "p9"]);
    expect(planConfirmation(borderline("up"), s, 6)?.promptIds).toEqual([
      "p4",
      "p5",
      "p6",
      "p7",
      "p8",
      "p9",
    ]);
    expect(plan.reference).toMatchObject({
      from: START,
      to: addDays(START, 27),
      days: 28,
      df: 27,
    });
    expect(plan.reference.rate).toBeCloseTo(0.5, 1);
    // Nothing moved down: no plan for a fall.
    const flat = series(63, (q) => (q < 3 ? 0.25 : 0.5));
    expect(planConfirmation(borderline("down"), flat)).toBeNull();
  });

  it("needs 7 reference days with the followed prompts", () => {
    const s = series(63, (q, d) => (d >= 56 && q < 3 ? 1 : 0.5));
    const short = { ...s, days: s.days.filter((_, d) => d >= 22) };
    expect(planConfirmation(borderline("up"), short)).toBeNull();
  });
});

describe("the verdict", () => {
  const plan = (direction: "up" | "down"): ConfirmationPlan => ({
    entityId: "self",
    engine: null,
    date: "2026-05-01",
    direction,
    promptIds: ["p0"],
    reference: {
      from: "2026-03-01",
      to: "2026-03-28",
      days: 28,
      rate: 0.3,
      rateVariance: 0.0001,
      df: 27,
      dayVariance: 0.001,
      answerVariance: 0.21,
    },
  });
  const days = (rates: number[], trials = 100) =>
    rates.map((r, i) => ({
      date: addDays("2026-05-02", i),
      successes: Math.round(r * trials),
      trials,
    }));

  it("confirms a clear rise in its direction only, and days before the borderline day do not count", () => {
    const up = confirmationVerdict(plan("up"), days([0.6, 0.6, 0.6, 0.6, 0.6]));
    expect(up.status).toBe("confirmed");
    // Counted up to the day it confirmed.
    expect(up.days).toBeLessThan(5);
    expect(up.trials).toBe(100 * up.days);
    expect(confirmationVerdict(plan("down"), days([0.6, 0.6, 0.6])).status).toBe("collecting");
    const earlier = days([0.6, 0.6]).map((d) => ({ ...d, date: "2026-04-30" }));
    expect(confirmationVerdict(plan("up"), earlier)).toMatchObject({
      status: "collecting",
      days: 0,
    });
  });

  it("expires after 7 fresh days without passing the baseline", () => {
    const verdict = confirmationVerdict(
      plan("up"),
      days([0.31, 0.3, 0.29, 0.3, 0.31, 0.3, 0.3, 0.9]),
    );
    expect(verdict).toMatchObject({ status: "expired", days: 7 });
  });

  it("Robbins' mixture bounds hold at every look at once (time-uniform), not at each alone", () => {
    // 2,000 paths of 60 daily looks at days of rates N(0, 0.05²) (precision 400 a day): the
    // share of paths that ever leave the bounds at α = 5% stays under 5%, where a fixed-sample
    // interval looked at daily leaves far more.
    const rng = Rng.fromString("mixture-bounds");
    let left = 0;
    let naive = 0;
    for (let path = 0; path < 2000; path++) {
      let sum = 0;
      let out = false;
      let naiveOut = false;
      for (let k = 1; k <= 60; k++) {
        sum += 0.05 * normal(rng);
        const { low, high } = mixtureBounds(sum / k, 400 * k, 0.05);
        if (low > 0 || high < 0) out = true;
        if (Math.abs(sum / k) > (1.96 * 0.05) / Math.sqrt(k)) naiveOut = true;
      }
      if (out) left++;
      if (naiveOut) naive++;
    }
    console.log(`left the mixture bounds: ${left} of 2000 paths; a daily fixed interval: ${naive}`);
    expect(left / 2000).toBeLessThanOrEqual(0.05);
    expect(naive / 2000).toBeGreaterThan(0.15);
  });
});
