import { ANALYSIS_VERSION } from "../../../analysis/types.js";
import type { AppContext } from "../../../context.js";
import { enginesOnSurface, type Surface } from "../../../engines/engine-registry.js";
import { currentRollupRowsSql } from "../../analysis/rollup-tables.js";

/**
 * The domains most answers cited over a range, from the daily domain rollups
 * the metrics view's `topCitedDomains` reads (once per answer and day, the
 * days' current generation), with the metrics' default of leaving
 * `brand_research` prompts out.
 */
export async function loadTopCitedDomains(options: {
  ctx: AppContext;
  workspaceId: string;
  from: string;
  to: string;
  engine?: string | undefined;
  /** Only answers read from this surface (its engines' rollups). */
  surface?: Surface | undefined;
  limit: number;
}) {
  const rows = await options.ctx.prisma.$queryRawUnsafe<
    Array<{ domain: string; taxonomy: string | null; cited: number }>
  >(
    `SELECT domain, min(taxonomy) AS taxonomy, sum(cited_responses)::int AS cited
     FROM ${currentRollupRowsSql("metric_group_domain_counts", "d.day BETWEEN $3::date AND $4::date")} AS t
     WHERE category <> 'brand_research' AND ($5::text IS NULL OR engine = $5::text)
       AND ($7::text[] IS NULL OR engine = ANY($7::text[]))
     GROUP BY domain ORDER BY cited DESC, domain ASC LIMIT $6::int`,
    options.workspaceId,
    ANALYSIS_VERSION,
    options.from,
    options.to,
    options.engine ?? null,
    options.limit,
    options.surface ? enginesOnSurface(options.surface) : null,
  );
  return rows.map((r) => ({
    domain: r.domain,
    taxonomy: r.taxonomy ?? "other",
    citedAnswers: Number(r.cited),
  }));
}
