import { createCitationClassifier } from "../../analysis/citations.js";
import type { AppContext } from "../../context.js";
import type { Surface } from "../../engines/engine-registry.js";
import { loadAnalysisSubject } from "../analysis/analysis-subject.js";
import type { DayPeriod } from "./previous-period.js";

export interface UsedDomain {
  domain: string;
  taxonomy: string;
  /** Answers of the period's runs that read a page of it without citing it. */
  used: number;
}

export interface UsedDomains {
  /** `used` of each domain asked for by name (absent: 0). */
  counts: Map<string, number>;
  /** The domains most answers read without citing, at most `limit`, most such answers first. */
  top: UsedDomain[];
  /** How many domains some answer read without citing. */
  total: number;
}

/**
 * The domains the answers of the period's runs read without citing them (the
 * answers' `usedSources`, stored in `response_sources`; runs by the UTC day of
 * their creation, the rollups' day): the counts of the `named` domains and
 * the top `limit`. A domain nobody cited gets its class as the analysis would
 * give a citation of it (the workspace's own and competitors' domains, matched by the host of
 * one of its pages, then the taxonomy); `taxonomyOf` answers first for cited ones, so both
 * lists agree.
 */
export async function loadUsedDomains(options: {
  ctx: AppContext;
  workspaceId: string;
  period: DayPeriod;
  limit: number;
  named: readonly string[];
  taxonomyOf: (domain: string) => string | undefined;
  /** Only answers read from this surface. */
  surface?: Surface | undefined;
}): Promise<UsedDomains> {
  const { ctx, workspaceId, period } = options;
  const rows = await ctx.prisma.$queryRawUnsafe<
    Array<{ domain: string; used: number; total: number; rank: number; url: string }>
  >(
    `WITH used AS (
       SELECT s.domain, count(DISTINCT s.response_id)::int AS used, min(s.url) AS url
       FROM runs ru
       JOIN engine_responses r ON r.run_id = ru.id AND r.status = 'succeeded'
         AND r.purpose = 'measurement'
       JOIN response_sources s ON s.response_id = r.id
       WHERE ru.workspace_id = $1 AND ru.created_at >= $2::date AND ru.created_at < ($3::date + 1)
         AND s.domain IS NOT NULL AND ($6::text IS NULL OR r.surface = $6::text)
       GROUP BY s.domain),
     ranked AS (
       SELECT domain, used, url, count(*) OVER ()::int AS total,
              row_number() OVER (ORDER BY used DESC, domain ASC)::int AS rank
       FROM used)
     SELECT domain, used, total, rank, url FROM ranked
     WHERE rank <= $4::int OR domain = ANY($5::text[])
     ORDER BY rank`,
    workspaceId,
    period.from,
    period.to,
    options.limit,
    options.named,
    options.surface ?? null,
  );
  const counts = new Map(rows.map((r) => [r.domain, Number(r.used)]));
  const topRows = rows.filter((r) => Number(r.rank) <= options.limit);
  const unclassified = topRows.some((r) => options.taxonomyOf(r.domain) === undefined);
  const classify = unclassified
    ? createCitationClassifier(
        (await loadAnalysisSubject(ctx.prisma, workspaceId)).entities,
        ctx.config.domainTaxonomy,
      )
    : null;
  return {
    counts,
    top: topRows.map((r) => ({
      domain: r.domain,
      taxonomy:
        options.taxonomyOf(r.domain) ??
        classify?.(URL.parse(r.url)?.hostname.toLowerCase() || r.domain).taxonomy ??
        "other",
      used: Number(r.used),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
