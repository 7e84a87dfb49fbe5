import { describe, expect, it } from "vitest";
import type { PromptCell } from "../../src/metrics/aggregates.js";
import { computeMetrics } from "../../src/metrics/compute-metrics.js";
import {
  bootstrapRatioInterval,
  drawClusterResamples,
  percentileInterval,
  quantile,
  resampleSums,
  wilsonInterval,
} from "../../src/metrics/intervals.js";
import { Rng } from "../../src/prng.js";

/** Independent Wilson bound: bisection on the score statistic |p̂ - p| / √(p(1-p)/n) = z. */
function wilsonByBisection(x: number, n: number, z = 1.959963984540054): [number, number] {
  const phat = x / n;
  const score = (p: number) => Math.abs(phat - p) / Math.sqrt((p * (1 - p)) / n);
  const solve = (lo: number, hi: number) => {
    // score is decreasing on [lo, p̂] from the left end and increasing on [p̂, hi].
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      const insideIsHigh = score(mid) > z;
      if (lo < phat) [lo, hi] = insideIsHigh ? [mid, hi] : [lo, mid];
      else [lo, hi] = insideIsHigh ? [lo, mid] : [mid, hi];
    }
    return (lo + hi) / 2;
  };
  return [x === 0 ? 0 : solve(1e-15, phat), x === n ? 1 : solve(phat, 1 - 1e-15)];
}

/** Test-local cluster bootstrap: index draws, objects, a full sort; no shared code. */
function bruteForceRatioInterval(
  clusters: Array<[number, number]>,
  resamples: number,
  seed: string,
): [number, number] {
  const rng = Rng.fromString(seed);
  const values: number[] = [];
  for (let b = 0; b < resamples; b++) {
    let num = 0;
    let den = 0;
    for (let i = 0; i < clusters.length; i++) {
      const [x, n] = clusters[rng.int(0, clusters.length - 1)] as [number, number];
      num += x;
      den += n;
    }
    values.push(den > 0 ? num / den : 0);
  }
  values.sort((a, b) => a - b);
  const at = (q: number) => {
    const h = (values.length - 1) * q;
    const lo = Math.floor(h);
    const a = values[lo] as number;
    return a + (h - lo) * ((values[lo + 1] ?? a) - a);
  };
  return [at(0.025), at(0.975)];
}

describe("wilsonInterval", () => {
  it("matches the textbook value 81/263 → 0.2553 to 0.3662 (Newcombe 1998)", () => {
    const [low, high] = wilsonInterval(81, 263);
    expect(low).toBeCloseTo(0.2553, 4);
    expect(high).toBeCloseTo(0.3662, 4);
  });

  it("0 of 10: upper bound z² / (n + z²) by hand", () => {
    const z2 = 1.959963984540054 ** 2;
    const [low, high] = wilsonInterval(0, 10);
    expect(low).toBe(0);
    expect(high).toBeCloseTo(z2 / (10 + z2), 12);
  });

  it("agrees with an independent bisection on the score test", () => {
    for (const [x, n] of [
      [1, 3],
      [7, 20],
      [15, 148],
      [29, 30],
      [50, 100],
      [3, 1000],
    ] as const) {
      const [low, high] = wilsonInterval(x, n);
      const [bLow, bHigh] = wilsonByBisection(x, n);
      expect(low).toBeCloseTo(bLow, 9);
      expect(high).toBeCloseTo(bHigh, 9);
    }
    expect(wilsonInterval(0, 0)).toEqual([0, 0]);
  });
});

describe("bootstrap pieces", () => {
  it("each resample draws exactly one cluster per cluster, deterministically per seed", () => {
    const a = drawClusterResamples(37, 50, "seed");
    expect(drawClusterResamples(37, 50, "seed")).toEqual(a);
    expect(drawClusterResamples(37, 50, "other")).not.toEqual(a);
    for (let b = 0; b < 50; b++) {
      expect(a.subarray(b * 37, b * 37 + 37).reduce((s, k) => s + k, 0)).toBe(37);
    }
  });

  it("packed (integer) and plain (fractional) resampled sums equal the naive sums exactly", () => {
    const rng = Rng.fromString("sums");
    const clusters = 120;
    const width = 17;
    const ints = new Float64Array(clusters * width).map(() => rng.int(0, 40));
    const fractions = ints.map((v) => v + 0.5);
    const m = drawClusterResamples(clusters, 30, "sums");
    for (const rows of [ints, fractions]) {
      const fast = resampleSums(rows, width, m, clusters);
      for (let b = 0; b < 30; b++) {
        for (let f = 0; f < width; f++) {
          let naive = 0;
          for (let c = 0; c < clusters; c++)
            naive += (m[b * clusters + c] as number) * (rows[c * width + f] as number);
          expect(fast[f * 30 + b]).toBe(naive);
        }
      }
    }
  });

  it("reused packings (wider lanes, never for fractional rows) give the same sums", () => {
    const rng = Rng.fromString("packings");
    const clusters = 120;
    const width = 5;
    const m = drawClusterResamples(clusters, 30, "packings");
    const small = new Float64Array(clusters * width).map(() => rng.int(0, 3));
    const large = small.map((v) => v * 40);
    const fractions = small.map((v) => v + 0.25);
    const packings = new Map<number, Float64Array>();
    for (const rows of [large, small, fractions, small]) {
      expect(resampleSums(rows, width, m, clusters, packings)).toEqual(
        resampleSums(rows, width, m, clusters),
      );
    }
    expect(packings.size).toBe(2); // the large rows' packing, reused by the small; and plain
  });

  it("quantile (selection) equals the type-7 quantile of a full sort", () => {
    const rng = Rng.fromString("quantiles");
    for (let r = 0; r < 200; r++) {
      const n = 1 + (r % 60);
      const values = new Float64Array(n).map(() => rng.int(0, 6) / 3);
      const sorted = [...values].sort((a, b) => a - b);
      for (const q of [0, 0.025, 0.3, 0.5, 0.975, 1]) {
        const h = (n - 1) * q;
        const lo = Math.floor(h);
        const want =
          (sorted[lo] as number) +
          (h - lo) * ((sorted[Math.min(lo + 1, n - 1)] as number) - (sorted[lo] as number));
        expect(quantile(values.slice(), q)).toBeCloseTo(want, 12);
      }
    }
    expect(percentileInterval(new Float64Array(0))).toEqual([0, 0]);
  });
});

describe("cluster bootstrap interval against independent computations", () => {
  it("one answer per prompt, 2,000 prompts: close to the normal approximation", () => {
    const rng = Rng.fromString("normal-approx");
    const n = 2000;
    const x = Array.from({ length: n }, () => (rng.chance(0.3) ? 1 : 0));
    const p = x.reduce((a: number, b) => a + b, 0) / n;
    const half = 1.959963984540054 * Math.sqrt((p * (1 - p)) / n);
    const [low, high] = bootstrapRatioInterval({
      numerators: x,
      denominators: x.map(() => 1),
      seed: "s",
    });
    // Monte Carlo error of a 2.5% percentile with 1,000 resamples ≈ 0.09 σ ≈ 0.001 here.
    expect(Math.abs(low - (p - half))).toBeLessThan(0.003);
    expect(Math.abs(high - (p + half))).toBeLessThan(0.003);
  });

  it("clusters of unequal size: matches a brute-force bootstrap (20,000 resamples) within Monte Carlo error", () => {
    const rng = Rng.fromString("unequal");
    const clusters: Array<[number, number]> = Array.from({ length: 60 }, () => {
      const size = rng.int(1, 6);
      let x = 0;
      for (let i = 0; i < size; i++) if (rng.chance(0.35)) x++;
      return [x, size];
    });
    const [low, high] = bootstrapRatioInterval({
      numerators: clusters.map((c) => c[0]),
      denominators: clusters.map((c) => c[1]),
      seed: "fast",
      resamples: 4000,
    });
    const [bLow, bHigh] = bruteForceRatioInterval(clusters, 20_000, "brute");
    expect(Math.abs(low - bLow)).toBeLessThan(0.015);
    expect(Math.abs(high - bHigh)).toBeLessThan(0.015);
  });

  it("computeMetrics resamples prompts, not answers: engines of one prompt move together", () => {
    // Both engines agree on every prompt, so the pooled visibility's interval is that of
    // 50 clusters (x ∈ {0, 2}, n = 2), not of 100 independent answers.
    const cells: PromptCell[] = [];
    const pairs: Array<[number, number]> = [];
    for (let p = 0; p < 50; p++) {
      const m = p % 5 < 2 ? 1 : 0;
      pairs.push([2 * m, 2]);
      for (const engine of ["a", "b"]) {
        cells.push({
          promptId: `p${p}`,
          engine,
          category: "discovery",
          responses: 1,
          responsesWithCitations: 0,
          entities: {
            brand: {
              mentionedResponses: m,
              mentionCount: m,
              rankSum: m,
              citedResponses: 0,
              positiveResponses: 0,
              negativeResponses: 0,
              recommendedResponses: 0,
              shortlistedResponses: 0,
              discouragedResponses: 0,
            },
          },
        });
      }
    }
    const snapshot = computeMetrics({
      cells,
      entities: [{ id: "brand", isSelf: true }],
      weights: { visibility: 1, shareOfVoice: 0, position: 0, citation: 0 },
      seed: "together",
      resamples: 4000,
    });
    const visibility = snapshot.entities[0]?.visibility;
    const [bLow, bHigh] = bruteForceRatioInterval(pairs, 20_000, "pairs");
    expect(visibility?.value).toBe(0.4);
    expect(Math.abs((visibility?.ciLow ?? 0) - bLow)).toBeLessThan(0.02);
    expect(Math.abs((visibility?.ciHigh ?? 0) - bHigh)).toBeLessThan(0.02);
    // Wider than Wilson on 100 independent answers would be.
    const [wLow, wHigh] = wilsonInterval(40, 100);
    expect((visibility?.ciHigh ?? 0) - (visibility?.ciLow ?? 0)).toBeGreaterThan(
      (wHigh - wLow) * 1.2,
    );
  });
});
