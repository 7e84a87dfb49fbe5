import type { AppContext } from "../../context.js";
import type { Surface } from "../../engines/engine-registry.js";
import { populationSql, sourcesPopulation } from "../answers/answer-population.js";
import type { DayPeriod } from "./previous-period.js";

export interface CitedUrl {
  url: string;
  domain: string | null;
  taxonomy: string | null;
  count: number;
}

/**
 * The URLs most answers of the period's runs cited (from the stored
 * citations: the rollup day is the UTC day of the run's creation, so the same
 * answers as the daily domain rollups), optionally only one domain's. A URL is
 * its normalised form (`citations.normalized_url`: `?utm_source=openai` and the like
 * removed, so one page is one row), the engine's own where analysis kept none.
 */
export async function loadCitedUrls(options: {
  ctx: AppContext;
  workspaceId: string;
  period: DayPeriod;
  limit: number;
  domain?: string | undefined;
  /** Only answers read from this surface. */
  surface?: Surface | undefined;
}): Promise<CitedUrl[]> {
  const { ctx } = options;
  const params: unknown[] = [];
  // The answers the domain counts are summed from: `GET .../answers?url=` lists a URL's.
  const where = populationSql(sourcesPopulation(options), {}, params);
  params.push(options.domain ?? null, options.limit);
  const rows = await ctx.prisma.$queryRawUnsafe<
    Array<{ url: string; domain: string | null; taxonomy: string | null; count: number }>
  >(
    `SELECT coalesce(c.normalized_url, c.url) AS url, min(c.domain) AS domain,
            min(c.taxonomy) AS taxonomy, count(DISTINCT c.response_id)::int AS count
     FROM response_facts f
     JOIN citations c ON c.response_id = f.response_id
     WHERE ${where} AND ($${params.length - 1}::text IS NULL OR c.domain = $${params.length - 1}::text)
     GROUP BY 1 ORDER BY count DESC, url ASC LIMIT $${params.length}::int`,
    ...params,
  );
  return rows.map((u) => ({ ...u, count: Number(u.count) }));
}
