import { describe, expect, it } from "vitest";
import {
  estimateTargetMetric,
  type ImpactVerdict,
  MIN_IMPACT_PROMPTS,
  measureImpact,
  targetCells,
} from "../../src/metrics/recommendation-impact.js";
import { Rng } from "../../src/prng.js";
import { day } from "../metrics/significance-fixtures.js";
import { simulateDay as simulateCells } from "../metrics/simulated-cells.js";
import {
  type AnswerTruth,
  answerRatioCells,
  answerTruth,
  rollupRatioCells,
  simulateAnswers,
} from "./impact-simulation.js";

/** A simulated day as the visibility or share of voice ratio cells of Acme. */
const simulateDay = (
  d: Parameters<typeof simulateCells>[0],
  rng: Rng,
  metric: "visibility" | "share_of_voice" = "visibility",
) => rollupRatioCells(metric, simulateCells(d, rng), "Acme");

/**
 * Checked error rates of the impact verdicts (docs/recommendations.md,
 * "Impact"), on the pure function, with days drawn from known truth
 * (simulated-cells.ts, the significance tests' four entities): 40 prompts × 2
 * engines × 2 repetitions a day, Acme the brand (true visibility 0.30).
 *
 * The verdict is the 5%-level paired bootstrap of the metrics' deltas
 * (docs/metrics.md, "Significance of deltas"): under no change it says
 * `improved` about 2.5% of the time (one side of the 5% two-sided test) and
 * `improved` or `worse` about 5% (issue 14's A/A: 5.00% for visibility, engines
 * pooled); a +10-point change is `improved` about 44% of the time (issue 14's
 * A/B: 43.5% in its test, 46.2% in the power curve), +20 points about 96%.
 */

const REPS = 1000;

function verdicts(
  points: number,
  label: string,
  reps = REPS,
  metric = "visibility",
): Record<ImpactVerdict, number> {
  const counts: Record<ImpactVerdict, number> = {
    improved: 0,
    worse: 0,
    no_detectable_change: 0,
    not_enough_data: 0,
  };
  for (let i = 0; i < reps; i++) {
    const rng = Rng.fromString(`impact/${label}/${i}`);
    const kind = metric === "share_of_voice" ? "share_of_voice" : "visibility";
    const before = simulateDay(day, rng.derive("before"), kind);
    const after = simulateDay(
      points ? { ...day, shift: { entityId: "Acme", points } } : day,
      rng.derive("after"),
      kind,
    );
    const m = measureImpact({
      metric,
      before,
      after,
      seed: `rec_${label}_${i}:2026-03-01:2026-03-08`,
    });
    counts[m.verdict]++;
  }
  return counts;
}

describe("impact verdicts against simulated truth", () => {
  it(`A/A: ${REPS} recommendations with no true change: false 'improved' about 2.5%, any verdict about 5%`, () => {
    const started = performance.now();
    const c = verdicts(0, "aa");
    const improved = c.improved / REPS;
    const flagged = (c.improved + c.worse) / REPS;
    console.log(
      `A/A ${REPS}: improved ${(100 * improved).toFixed(1)}%, worse ${((100 * c.worse) / REPS).toFixed(1)}%, ` +
        `no_detectable_change ${((100 * c.no_detectable_change) / REPS).toFixed(1)}% ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    expect(c.not_enough_data).toBe(0);
    // 2.5% and 5% plus two Monte Carlo standard errors (±0.49 and ±0.69 pt).
    expect(improved).toBeLessThanOrEqual(0.025 + 2 * 0.0049);
    expect(flagged).toBeLessThanOrEqual(0.05 + 2 * 0.0069);
  });

  it(`A/A for share of voice: ${REPS} recommendations, false 'improved' about 2.5%`, () => {
    const c = verdicts(0, "aa-sov", REPS, "share_of_voice");
    console.log(
      `A/A share of voice ${REPS}: improved ${((100 * c.improved) / REPS).toFixed(1)}%, ` +
        `worse ${((100 * c.worse) / REPS).toFixed(1)}%`,
    );
    expect(c.improved / REPS).toBeLessThanOrEqual(0.025 + 2 * 0.0049);
    expect((c.improved + c.worse) / REPS).toBeLessThanOrEqual(0.05 + 2 * 0.0069);
  });

  it("A/B: +10 points of true visibility is 'improved' at the documented power (~44%), +20 at ~96%", () => {
    const ten = verdicts(10, "ab10");
    const twenty = verdicts(20, "ab20", 300);
    console.log(
      `+10 pt: improved ${((100 * ten.improved) / REPS).toFixed(1)}% (worse ${ten.worse}); ` +
        `+20 pt: improved ${((100 * twenty.improved) / 300).toFixed(1)}%`,
    );
    // Issue 14's 43.5-46.2% ± three Monte Carlo standard errors (±1.6 pt each).
    expect(ten.improved / REPS).toBeGreaterThanOrEqual(0.39);
    expect(ten.improved / REPS).toBeLessThanOrEqual(0.51);
    expect(ten.worse).toBe(0);
    expect(twenty.improved / 300).toBeGreaterThanOrEqual(0.93);
  });

  it("a fall is 'worse' for visibility and 'improved' for a lower-is-better metric's direction", () => {
    const rng = Rng.fromString("impact/fall");
    const before = simulateDay(day, rng.derive("before"));
    const after = simulateDay(
      { ...day, shift: { entityId: "Acme", points: -25 } },
      rng.derive("a"),
    );
    const m = measureImpact({ metric: "visibility", before, after, seed: "s" });
    expect(m.verdict).toBe("worse");
    expect(m.delta?.delta).toBeLessThan(0);
    expect(m.current?.value).toBeLessThan(m.baseline?.value ?? 0);
  });

  it("the same data and seed give the same answer; an unknown metric is not_enough_data", () => {
    const rng = Rng.fromString("impact/same");
    const before = simulateDay(day, rng.derive("before"), "share_of_voice");
    const after = simulateDay(day, rng.derive("after"), "share_of_voice");
    const args = { metric: "share_of_voice", before, after, seed: "rec_x:d0:d1" };
    expect(measureImpact(args)).toEqual(measureImpact(args));
    expect(measureImpact(args).delta?.method).toBe("paired-cluster-bootstrap");
    const m = measureImpact({ ...args, metric: "composite" });
    expect(m).toMatchObject({ verdict: "not_enough_data", delta: null });
  });

  it("not_enough_data without later answers or with too few prompts", () => {
    const rng = Rng.fromString("impact/few");
    const before = simulateDay(day, rng.derive("before"));
    const after = simulateDay(day, rng.derive("after"));
    const none = measureImpact({
      metric: "visibility",
      before,
      after: [],
      seed: "s",
    });
    expect(none).toMatchObject({ verdict: "not_enough_data", current: null, delta: null });
    const few = targetCells(after, {
      promptIds: after.slice(0, 2 * (MIN_IMPACT_PROMPTS - 1)).map((c) => c.promptId),
      engines: [],
    });
    const m = measureImpact({
      metric: "visibility",
      before,
      after: few,
      seed: "s",
    });
    expect(m.verdict).toBe("not_enough_data");
    expect(m.current?.prompts).toBe(MIN_IMPACT_PROMPTS - 1);
  });

  it("estimates a target's metric on its prompts and engines only", () => {
    const cells = simulateDay(day, Rng.fromString("impact/target"));
    const one = targetCells(cells, { promptIds: [], engines: ["sim-alpha"] });
    expect(one.every((c) => c.engine === "sim-alpha")).toBe(true);
    const e = estimateTargetMetric({ cells: one, seed: "s" });
    expect(e?.n).toBe(80);
    expect(e?.prompts).toBe(40);
    expect(e?.ciLow).toBeLessThanOrEqual(e?.value ?? 0);
    expect(e?.ciHigh).toBeGreaterThanOrEqual(e?.value ?? 1);
  });
});

type AnswerMetric = "negative_share" | "citation_rate" | "co_citation_rate" | "restricted_claims";

/** Verdicts of `reps` recommendations on an answer metric, the later day drawn from `later`. */
function answerVerdicts(
  metric: AnswerMetric,
  later: AnswerTruth,
  label: string,
  reps: number,
): Record<ImpactVerdict, number> {
  const counts: Record<ImpactVerdict, number> = {
    improved: 0,
    worse: 0,
    no_detectable_change: 0,
    not_enough_data: 0,
  };
  for (let i = 0; i < reps; i++) {
    const rng = Rng.fromString(`impact/${metric}/${label}/${i}`);
    const m = measureImpact({
      metric,
      before: answerRatioCells(metric, simulateAnswers(answerTruth, rng.derive("before"))),
      after: answerRatioCells(metric, simulateAnswers(later, rng.derive("after"))),
      seed: `rec_${metric}_${label}_${i}:2026-03-01:2026-03-08`,
    });
    counts[m.verdict]++;
  }
  return counts;
}

/**
 * The new metrics (docs/recommendations.md, "Metric definitions"), on answers
 * drawn from known truth (impact-simulation.ts: 160 answers a day, the brand
 * named in 40%, per-prompt effects of ±10 points): under no change each says
 * `improved` at most about 2.5% (asserted ≤ 5%, the bound, and ≤ 2.5%
 * + 2 SE), and a large true improvement (in the metric's good direction,
 * down for negative share and restricted claims) is detected.
 */
describe("impact verdicts of the answer and sentiment metrics against simulated truth", () => {
  const cases: Array<{ metric: AnswerMetric; better: Partial<AnswerTruth>; power: number }> = [
    { metric: "negative_share", better: { negative: 0.02 }, power: 0.9 },
    { metric: "citation_rate", better: { owned: 0.5 }, power: 0.9 },
    { metric: "co_citation_rate", better: { domain: 0.7 }, power: 0.9 },
    { metric: "restricted_claims", better: { claim: 0.02 }, power: 0.9 },
  ];
  for (const { metric, better, power } of cases) {
    it(`${metric}: A/A false 'improved' ≤ 5%; a large true improvement is 'improved'`, () => {
      const aa = answerVerdicts(metric, answerTruth, "aa", REPS);
      const ab = answerVerdicts(metric, { ...answerTruth, ...better }, "ab", 300);
      console.log(
        `${metric} A/A ${REPS}: improved ${((100 * aa.improved) / REPS).toFixed(1)}%, ` +
          `worse ${((100 * aa.worse) / REPS).toFixed(1)}%, not_enough_data ${aa.not_enough_data}; ` +
          `A/B ${JSON.stringify(better)} 300: improved ${((100 * ab.improved) / 300).toFixed(1)}%, worse ${ab.worse}`,
      );
      expect(aa.not_enough_data).toBe(0);
      expect(aa.improved / REPS).toBeLessThanOrEqual(0.05);
      expect(aa.improved / REPS).toBeLessThanOrEqual(0.025 + 2 * 0.0049);
      expect((aa.improved + aa.worse) / REPS).toBeLessThanOrEqual(0.05 + 2 * 0.0069);
      expect(ab.improved / 300).toBeGreaterThanOrEqual(power);
      expect(ab.worse).toBe(0);
    });
  }
});
