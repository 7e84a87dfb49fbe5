import type { PromptCell } from "../../src/metrics/aggregates.js";
import type { RatioCell } from "../../src/metrics/recommendation-impact.js";
import { hashUnit, type Rng } from "../../src/prng.js";
import { type ImpactAnswer, impactCells } from "../../src/services/recommendations/impact-cells.js";

/** The rollup metrics' ratio cells of simulated point cells, `brand` the brand. */
export function rollupRatioCells(
  metric: "visibility" | "share_of_voice" | "negative_share",
  cells: readonly PromptCell[],
  brand: string,
): RatioCell[] {
  return impactCells({
    metric,
    rollups: cells.map((c) => ({
      promptId: c.promptId,
      engine: c.engine,
      responses: c.responses,
      mentioned: c.entities[brand]?.mentionedResponses ?? 0,
      negative: c.entities[brand]?.negativeResponses ?? 0,
      othersMentioned: Object.entries(c.entities)
        .filter(([id]) => id !== brand)
        .reduce((s, [, e]) => s + e.mentionedResponses, 0),
    })),
  });
}

/**
 * The true rates of a day of answers for the answer and sentiment metrics:
 * each answer names the brand with `named`; given that, it is negative with
 * `negative`, cites an owned page with `owned`, has a restricted claim with
 * `claim`; independently of the brand, it cites the target domain with
 * `domain`. Every rate is moved per prompt by a fixed effect in ±`spread`
 * (the same on every day: prompts differ, which the paired bootstrap uses).
 */
export interface AnswerTruth {
  named: number;
  negative: number;
  owned: number;
  claim: number;
  domain: number;
  spread: number;
}

export const answerTruth: AnswerTruth = {
  named: 0.4,
  negative: 0.25,
  owned: 0.15,
  claim: 0.3,
  domain: 0.3,
  spread: 0.1,
};

export const TARGET_DOMAIN = "reviews.example";

/**
 * One day of answers drawn from `truth`: 40 prompts × 2 engines × 2
 * repetitions (160 answers, issue 14's volume), with each answer's negative
 * flag beside the `ImpactAnswer` (the sentiment lives in the rollups).
 */
export function simulateAnswers(
  truth: AnswerTruth,
  rng: Rng,
): Array<ImpactAnswer & { negative: boolean }> {
  const out: Array<ImpactAnswer & { negative: boolean }> = [];
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  for (let p = 0; p < 40; p++) {
    const promptId = `prompt-${String(p).padStart(3, "0")}`;
    const rate = (name: keyof AnswerTruth) =>
      clamp(truth[name] + truth.spread * (2 * hashUnit(`${promptId}:${name}`) - 1));
    for (const engine of ["sim-alpha", "sim-beta"]) {
      for (let r = 0; r < 2; r++) {
        const namesBrand = rng.chance(rate("named"));
        const negative = rng.chance(rate("negative"));
        const owned = rng.chance(rate("owned"));
        const claim = rng.chance(rate("claim"));
        const domain = rng.chance(rate("domain"));
        out.push({
          promptId,
          engine,
          namesBrand,
          negative: namesBrand && negative,
          citesOwned: owned,
          domains: new Set(domain ? [TARGET_DOMAIN] : ["other.example"]),
          hasClaim: namesBrand && claim,
        });
      }
    }
  }
  return out;
}

/** A simulated day's ratio cells of one of the metrics the answers give. */
export function answerRatioCells(
  metric: "negative_share" | "citation_rate" | "co_citation_rate" | "restricted_claims",
  answers: ReadonlyArray<ImpactAnswer & { negative: boolean }>,
): RatioCell[] {
  if (metric !== "negative_share")
    return impactCells({ metric, answers: [...answers], domain: TARGET_DOMAIN });
  // negative_share is read from the rollups: the answers summed as the rollups store them.
  const cells = new Map<string, PromptCell>();
  for (const a of answers) {
    const key = `${a.promptId}:${a.engine}`;
    const cell = cells.get(key) ?? {
      promptId: a.promptId,
      engine: a.engine,
      category: "discovery",
      responses: 0,
      responsesWithCitations: 0,
      entities: {
        self: {
          mentionedResponses: 0,
          mentionCount: 0,
          rankSum: 0,
          citedResponses: 0,
          positiveResponses: 0,
          negativeResponses: 0,
          recommendedResponses: 0,
          shortlistedResponses: 0,
          discouragedResponses: 0,
        },
      },
    };
    cell.responses += 1;
    const self = cell.entities.self as PromptCell["entities"][string];
    if (a.namesBrand) self.mentionedResponses += 1;
    if (a.negative) self.negativeResponses += 1;
    cells.set(key, cell);
  }
  return rollupRatioCells("negative_share", [...cells.values()], "self");
}
