import {
  ANALYSIS_VERSION,
  type CitationResult,
  type MentionResult,
} from "../../src/analysis/types.js";
import type { Rng } from "../../src/prng.js";
import { type AnalysedAnswer, buildRollupRows } from "../../src/services/analysis/rollup-rows.js";
import { addRollupRows, lockMetricDay } from "../../src/services/analysis/write-rollups.js";
import type { TestServer } from "../harness/test-server.js";

/**
 * A day of answers drawn from known true mention rates (the simulated
 * engine's model: each answer mentions each entity independently, in a random
 * order), written as rollups by the pipeline's own functions (buildRollupRows,
 * lockMetricDay, addRollupRows), so the metrics routes read them as they read
 * a run's. No answer is stored: the routes read rollups only.
 */
export interface SimulatedRollupDay {
  day: string;
  /** The prompts asked, each on every engine `engines` gives it. */
  prompts: ReadonlyArray<{ id: string; category: string; language: string; region: string | null }>;
  engines: (promptIndex: number) => readonly string[];
  repetitions: number;
  /** True mention rate of an entity (id) on an engine. */
  rate: (entityId: string, engine: string) => number;
  /** Tracked entity ids, the brand (`self`) included. */
  entityIds: readonly string[];
  /**
   * True probability that a mention of an entity is negative (else neutral);
   * absent: every mention is neutral (and no draw is made).
   */
  negativeRate?: (entityId: string) => number;
  /**
   * True probability that a mention of an entity recommends it (its rank the
   * order of the recommended ones); absent: every mention is `mentioned`.
   */
  recommendRate?: (entityId: string) => number;
  /**
   * Citations: an answer cites anything with probability `any`, and then each
   * entity's domain with probability `entity(id)`, plus a third-party source
   * (so an answer with a citation need not cite a tracked entity). Absent: no
   * citation (and no draw is made).
   */
  citeRate?: { any: number; entity: (entityId: string) => number };
}

export async function writeSimulatedDay(
  t: TestServer,
  workspaceId: string,
  options: SimulatedRollupDay,
  rng: Rng,
): Promise<void> {
  const answers: AnalysedAnswer[] = [];
  options.prompts.forEach((prompt, p) => {
    for (const engine of options.engines(p)) {
      for (let r = 0; r < options.repetitions; r++) {
        const mentioned = options.entityIds.filter((id) => rng.chance(options.rate(id, engine)));
        let recommendedSoFar = 0;
        const mentions: MentionResult[] = rng.shuffle(mentioned).map((entityId, i) => {
          const recommended =
            options.recommendRate !== undefined && rng.chance(options.recommendRate(entityId));
          if (recommended) recommendedSoFar++;
          return {
            entityId,
            isSelf: entityId === "self",
            count: 1,
            firstOffset: 10 * i,
            rank: i + 1,
            sentiment:
              options.negativeRate && rng.chance(options.negativeRate(entityId))
                ? "negative"
                : "neutral",
            stance: recommended ? "recommended" : "mentioned",
            recommendedRank: recommended ? recommendedSoFar : null,
          };
        });
        answers.push({
          day: options.day,
          engine,
          promptId: prompt.id,
          category: prompt.category,
          language: prompt.language,
          region: prompt.region,
          analysis: { version: ANALYSIS_VERSION, mentions, citations: citations(options, rng) },
        });
      }
    }
  });
  await t.server.ctx.prisma.$transaction(async (tx) => {
    const version = ANALYSIS_VERSION;
    await lockMetricDay(tx, { workspaceId, version, day: options.day, now: t.clock.now() });
    await addRollupRows(tx, { workspaceId, version, rows: buildRollupRows(answers) });
  });
}

/** The citations of one simulated answer (`citeRate`). */
function citations(options: SimulatedRollupDay, rng: Rng): CitationResult[] {
  const rate = options.citeRate;
  if (!rate || !rng.chance(rate.any)) return [];
  const cited = options.entityIds.filter((id) => rng.chance(rate.entity(id)));
  return [...cited, null].map((entityId, position): CitationResult => {
    const domain = entityId ? `${entityId.toLowerCase()}.example` : "review-site.example";
    return {
      url: `https://${domain}/page`,
      normalizedUrl: `https://${domain}/page`,
      host: domain,
      domain,
      taxonomy: entityId ? (entityId === "self" ? "owned" : "competitor") : "review",
      entityId,
      position,
      origin: "structured",
    };
  });
}
