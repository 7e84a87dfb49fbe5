import type { RatioCell } from "../../metrics/recommendation-impact.js";

/** One prompt's rollup counts on one engine and day: what the rollup metrics read. */
export interface RollupImpactCell {
  promptId: string;
  engine: string;
  responses: number;
  /** The brand's counts (metric_entity_counts of `self`). */
  mentioned: number;
  negative: number;
  /** Answers mentioning each other tracked entity, summed (share of voice's denominator). */
  othersMentioned: number;
}

/** One stored answer of a day, reduced to what the answer metrics read. */
export interface ImpactAnswer {
  promptId: string;
  engine: string;
  /** The answer names the brand (a stored mention of `self`). */
  namesBrand: boolean;
  /** The answer cites an owned URL (citation taxonomy `owned`). */
  citesOwned: boolean;
  /** Cited domains, lower-cased. */
  domains: ReadonlySet<string>;
  /** The answer attributes to the brand a claim the compliance rules restrict. */
  hasClaim: boolean;
}

/**
 * A rollup metric's ratio on one cell (docs/recommendations.md, "Metric definitions"):
 * visibility, answers naming the brand of all answers; share of voice, the brand's mentioned
 * answers of every tracked entity's; negative share, negative ones of those naming the brand.
 */
export function rollupRatio(
  metric: "visibility" | "share_of_voice" | "negative_share",
  c: Omit<RollupImpactCell, "promptId" | "engine">,
): Pick<RatioCell, "n" | "numerator" | "denominator"> {
  switch (metric) {
    case "visibility":
      return { n: c.responses, numerator: c.mentioned, denominator: c.responses };
    case "share_of_voice":
      return {
        n: c.responses,
        numerator: c.mentioned,
        denominator: c.mentioned + c.othersMentioned,
      };
    default:
      return { n: c.mentioned, numerator: c.negative, denominator: c.mentioned };
  }
}

/**
 * The ratio cells of an impact metric (docs/recommendations.md, "Impact",
 * "Metric definitions") from a day's rollup cells (`visibility`,
 * `share_of_voice`, `negative_share`) or stored answers (`citation_rate`,
 * `co_citation_rate` of `domain`, `restricted_claims`), one per prompt and
 * engine. Pure: the same input gives the same cells, in the input's order.
 */
export function impactCells(
  options:
    | { metric: "visibility" | "share_of_voice" | "negative_share"; rollups: RollupImpactCell[] }
    | {
        metric: "citation_rate" | "co_citation_rate" | "restricted_claims";
        answers: ImpactAnswer[];
        domain?: string | null;
      },
): RatioCell[] {
  if ("rollups" in options) {
    const metric = options.metric;
    return options.rollups.map((c) => ({
      promptId: c.promptId,
      engine: c.engine,
      ...rollupRatio(metric, c),
    }));
  }
  const domain = options.domain?.toLowerCase() ?? null;
  // [inDenominator, inNumerator] of one answer.
  const counts = (a: ImpactAnswer): [boolean, boolean] => {
    switch (options.metric) {
      case "citation_rate":
        return [a.namesBrand, a.namesBrand && a.citesOwned];
      case "co_citation_rate":
        return [true, a.namesBrand && domain !== null && a.domains.has(domain)];
      default:
        return [a.namesBrand, a.namesBrand && a.hasClaim];
    }
  };
  const byCell = new Map<string, RatioCell>();
  for (const a of options.answers) {
    const key = `${a.promptId}\u0000${a.engine}`;
    let cell = byCell.get(key);
    if (!cell) {
      cell = { promptId: a.promptId, engine: a.engine, n: 0, numerator: 0, denominator: 0 };
      byCell.set(key, cell);
    }
    const [inDenominator, inNumerator] = counts(a);
    if (inDenominator) {
      cell.n += 1;
      cell.denominator += 1;
    }
    if (inNumerator) cell.numerator += 1;
  }
  return [...byCell.values()];
}
