import { describe, expect, it } from "vitest";
import { bootstrapDeltas, deltaMetrics, deltaWork } from "../../src/metrics/bootstrap-deltas.js";
import { Rng } from "../../src/prng.js";
import { day, entities, weights } from "./significance-fixtures.js";
import { simulateDay } from "./simulated-cells.js";

/**
 * Checked error rates of the deltas' `significant` flag (docs/metrics.md,
 * "Significance of deltas"), on the pure function, with days drawn from known
 * truth (simulated-cells.ts): 40 prompts × 2 engines × 2 repetitions a day.
 *
 * A/A: 1,000 pairs of days with identical truth (same prompts: the paired
 * bootstrap), production settings (1,000 resamples). A 5% test flags about 5%
 * of them; the pooled rate per metric and scope (4,000 deltas, four entities)
 * must not exceed 5% by more than two Monte Carlo standard errors (±0.34 pt),
 * each entity's (1,000 deltas, ±0.69 pt) by more than 2.5 points.
 * A/B: a +10-point change in Acme's true visibility (0.30 → 0.40).
 */

const PAIRS = 1000;
const SCOPES = [undefined, "sim-alpha"] as const;

function rate(flags: number[]): number {
  return flags.reduce((a, b) => a + b, 0) / flags.length;
}

describe("significance of deltas between two days", () => {
  it(`A/A: ${PAIRS} pairs of days with identical truth flag at most ~5% per metric and scope`, () => {
    const flagged = new Map<string, number[]>();
    const note = (key: string, significant: boolean) => {
      const list = flagged.get(key) ?? [];
      list.push(significant ? 1 : 0);
      flagged.set(key, list);
    };
    const started = performance.now();
    for (let pair = 0; pair < PAIRS; pair++) {
      const rng = Rng.fromString(`aa/${pair}`);
      const before = simulateDay(day, rng.derive("before"));
      const after = simulateDay(day, rng.derive("after"));
      for (const engine of SCOPES) {
        const result = bootstrapDeltas({
          before,
          after,
          entities,
          weights,
          engine,
          seed: `aa/${pair}`,
        });
        expect(result?.method).toBe("paired-cluster-bootstrap");
        for (const e of result?.entities ?? []) {
          for (const m of deltaMetrics) {
            note(`${engine ?? "pooled"} ${m}`, e[m].significant);
            note(`${engine ?? "pooled"} ${m} ${e.entityId}`, e[m].significant);
          }
        }
      }
    }
    const lines = [`${PAIRS} A/A pairs in ${((performance.now() - started) / 1000).toFixed(1)} s`];
    for (const [key, flags] of flagged) {
      const r = rate(flags);
      lines.push(`${key.padEnd(36)} ${(100 * r).toFixed(2)}%`);
      const se = Math.sqrt((0.05 * 0.95) / flags.length);
      expect(r).toBeLessThanOrEqual(flags.length > PAIRS ? 0.05 + 2 * se : 0.075);
    }
    console.log(lines.join("\n"));
  }, 60_000);

  it("A/A with no shared prompt: the unpaired bootstrap flags about 5%", () => {
    const flags: number[] = [];
    for (let pair = 0; pair < 250; pair++) {
      const rng = Rng.fromString(`aa-unpaired/${pair}`);
      const before = simulateDay({ ...day, promptPrefix: "old" }, rng.derive("before"));
      const after = simulateDay({ ...day, promptPrefix: "new" }, rng.derive("after"));
      const result = bootstrapDeltas({ before, after, entities, weights, seed: `u/${pair}` });
      expect(result?.method).toBe("unpaired-bootstrap");
      expect(result?.sharedPrompts).toBe(0);
      for (const e of result?.entities ?? []) {
        for (const m of deltaMetrics) flags.push(e[m].significant ? 1 : 0);
      }
    }
    console.log(
      `unpaired A/A: ${(100 * rate(flags)).toFixed(2)}% of ${flags.length} deltas flagged`,
    );
    expect(rate(flags)).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / flags.length));
  });

  it("A/B: +10 points of one entity's true visibility; power reported next to the normal-theory bound", () => {
    let flagged = 0;
    let covered = 0;
    const runs = 1000;
    for (let run = 0; run < runs; run++) {
      const rng = Rng.fromString(`ab/${run}`);
      const before = simulateDay(day, rng.derive("before"));
      const after = simulateDay(
        { ...day, shift: { entityId: "Acme", points: 10 } },
        rng.derive("after"),
      );
      const result = bootstrapDeltas({ before, after, entities, weights, seed: `ab/${run}` });
      const acme = result?.entities.find((e) => e.entityId === "Acme")?.visibility;
      if (acme?.significant && acme.delta > 0) flagged++;
      if (acme && acme.ciLow <= 0.1 && 0.1 <= acme.ciHigh) covered++;
    }
    // Best possible two-sided 5% test on 160 independent answers a day:
    // SE = √(0.3·0.7/160 + 0.4·0.6/160) = 0.053, power ≈ Φ(0.1/SE − 1.96) = 0.47.
    const power = flagged / runs;
    console.log(
      `A/B +10 pt (0.30 → 0.40), two single days: power ${(100 * power).toFixed(1)}%, ` +
        `interval covers the true +10 pt ${((100 * covered) / runs).toFixed(1)}%`,
    );
    expect(power).toBeGreaterThanOrEqual(0.4);
    expect(covered / runs).toBeGreaterThanOrEqual(0.93);
  }, 30_000);

  it("is deterministic and null without data on either day", () => {
    const rng = Rng.fromString("det");
    const before = simulateDay(day, rng.derive("before"));
    const after = simulateDay(day, rng.derive("after"));
    const once = bootstrapDeltas({ before, after, entities, weights, seed: "s" });
    const again = bootstrapDeltas({
      before: [...before].reverse(),
      after,
      entities,
      weights,
      seed: "s",
    });
    expect(again).toEqual(once);
    // Reporting fewer entities resamples fewer columns, with the same draws and sums.
    const acme = bootstrapDeltas({
      before,
      after,
      entities,
      weights,
      seed: "s",
      entityIds: ["Acme"],
    });
    expect(acme?.entities).toEqual(once?.entities.filter((e) => e.entityId === "Acme"));
    // Fewer metrics resample only the columns they read; shared draws change nothing.
    const draws = new Map();
    const shares = ["visibility", "shareOfVoice"] as const;
    for (const engine of [undefined, "sim-alpha", "sim-beta"]) {
      const full = bootstrapDeltas({ before, after, entities, weights, engine, seed: "s" });
      const some = bootstrapDeltas({
        before,
        after,
        entities,
        weights,
        engine,
        seed: "s",
        metrics: shares,
        draws,
      });
      expect(some?.entities).toEqual(
        full?.entities.map((e) => ({
          entityId: e.entityId,
          visibility: e.visibility,
          shareOfVoice: e.shareOfVoice,
        })),
      );
    }
    expect(bootstrapDeltas({ before, after, entities, weights, seed: "s", draws })).toEqual(once);
    // Work shared by every scope and comparison day of a day (the day's rows and sums
    // reused, other prompts on the earlier day included) changes nothing either.
    const work = deltaWork();
    const earlier = simulateDay(day, rng.derive("earlier")).filter(
      (c) => c.promptId !== "prompt-003",
    );
    for (const b of [before, earlier, before]) {
      for (const engine of [undefined, "sim-alpha"]) {
        for (const metrics of [undefined, shares]) {
          const alone = bootstrapDeltas({
            before: b,
            after,
            entities,
            weights,
            engine,
            metrics,
            seed: "s",
          });
          const reused = bootstrapDeltas({
            before: b,
            after,
            entities,
            weights,
            engine,
            metrics,
            seed: "s",
            work,
          });
          expect(reused).toEqual(alone);
        }
      }
    }
    expect(bootstrapDeltas({ before: [], after, entities, weights, seed: "s" })).toBeNull();
    expect(
      bootstrapDeltas({ before, after, entities, weights, engine: "none", seed: "s" }),
    ).toBeNull();
  });
});
