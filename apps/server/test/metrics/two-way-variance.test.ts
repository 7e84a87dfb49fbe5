import { describe, expect, it } from "vitest";
import { studentTQuantile } from "../../src/metrics/distributions.js";
import {
  twoWayRatio,
  twoWayRatioDifference,
  twoWaySquares,
  twoWayVariance,
} from "../../src/metrics/two-way-variance.js";

/**
 * The two-way variance (docs/metrics.md, "Windows of days") on numbers worked
 * by hand; its calibration is calibration-drift.test.ts.
 */
describe("two-way cluster-robust variance", () => {
  // Residuals of 2 prompts × 2 days: p1 = [1, 2], p2 = [3, −6].
  const cells = [
    { prompt: "p1", day: "d1", residual: 1 },
    { prompt: "p1", day: "d2", residual: 2 },
    { prompt: "p2", day: "d1", residual: 3 },
    { prompt: "p2", day: "d2", residual: -6 },
  ];

  it("sums the squares of prompt totals, day totals and cells", () => {
    expect(twoWaySquares(cells)).toEqual({
      prompts: 2,
      promptSquares: 3 ** 2 + (-3) ** 2,
      days: 2,
      daySquares: 4 ** 2 + (-4) ** 2,
      cellSquares: 1 + 4 + 9 + 36,
    });
  });

  it("adds what a day shares beyond its cells to the prompt part, with Satterthwaite's df", () => {
    // Prompt part 2/1 · 18 = 36; day part 2/1 · 32 = 64, less the cells' 50: 14 shared.
    const v = twoWayVariance(twoWaySquares(cells));
    expect(v.unit).toBe("prompt-and-day");
    expect(v.variance).toBe(50);
    expect(v.df).toBeCloseTo(50 ** 2 / (36 ** 2 / 1 + 14 ** 2 / 1), 12);
  });

  it("never goes below the prompt part when the day part is smaller than the cells'", () => {
    const v = twoWayVariance({
      prompts: 3,
      promptSquares: 6,
      days: 4,
      daySquares: 1,
      cellSquares: 9,
    });
    expect(v).toEqual({ variance: 9, df: 2, unit: "prompt-and-day" });
  });

  it("is one-way with a single day or a single prompt, and `answer` with neither", () => {
    expect(
      twoWayVariance({ prompts: 5, promptSquares: 4, days: 1, daySquares: 0, cellSquares: 4 }),
    ).toEqual({
      variance: 5,
      df: 4,
      unit: "prompt",
    });
    expect(
      twoWayVariance({ prompts: 1, promptSquares: 0, days: 3, daySquares: 2, cellSquares: 2 }),
    ).toEqual({
      variance: 3,
      df: 2,
      unit: "day",
    });
    expect(
      twoWayVariance({ prompts: 1, promptSquares: 0, days: 1, daySquares: 0, cellSquares: 0 }).unit,
    ).toBe("answer");
  });

  it("gives a ratio and a paired difference their t intervals from the linearised cells", () => {
    const counts = [
      { prompt: "p1", day: "d1", x: 3, n: 4 },
      { prompt: "p1", day: "d2", x: 1, n: 4 },
      { prompt: "p2", day: "d1", x: 2, n: 4 },
      { prompt: "p2", day: "d2", x: 2, n: 4 },
      { prompt: "p3", day: "d1", x: 4, n: 4 },
      { prompt: "p3", day: "d2", x: 0, n: 4 },
    ];
    const rate = 12 / 24;
    const v = twoWayVariance(
      twoWaySquares(counts.map((c) => ({ ...c, residual: (c.x - rate * c.n) / 24 }))),
    );
    const half = studentTQuantile(0.975, v.df) * Math.sqrt(v.variance);
    expect(twoWayRatio(counts)).toEqual({
      value: rate,
      ciLow: Math.max(0, rate - half),
      ciHigh: Math.min(1, rate + half),
      unit: "prompt-and-day",
    });
    // Against itself the difference is exactly 0 with no width: every residual cancels.
    const same = twoWayRatioDifference(counts.map((c) => ({ ...c, a: c, b: c })));
    expect(same).toEqual({ value: 0, ciLow: 0, ciHigh: 0, unit: "prompt-and-day" });
    // A side without data has no difference.
    const none = twoWayRatioDifference(counts.map((c) => ({ ...c, a: c, b: { x: 0, n: 0 } })));
    expect(none.value).toBe(0);
  });
});
