import type { AppContext } from "../../context.js";

export interface CitedDomain {
  domain: string;
  taxonomy: string;
  /** Answers citing it in the period (once per answer and day, as the rollups count). */
  count: number;
  /** The same count in the previous period of the same length. */
  previous: number;
}

export interface CitedUrl {
  url: string;
  domain: string | null;
  taxonomy: string | null;
  count: number;
}

/**
 * The domains the engines cited over a period and the period before it (from
 * the daily domain rollups, `metric_group_domain_counts`, what the metrics
 * view's top cited domains read), and the top cited URLs of the period (from
 * the stored citations of the period's runs: the rollup day is the UTC day of
 * the run's creation, so the same answers).
 */
export async function loadCitedSources(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  period: { from: string; to: string };
  previous: { from: string; to: string };
  urlLimit: number;
}): Promise<{ domains: CitedDomain[]; urls: CitedUrl[] }> {
  const { ctx, workspaceId, version, period, previous } = options;
  const [domains, urls] = await Promise.all([
    ctx.prisma.$queryRawUnsafe<
      Array<{ domain: string; taxonomy: string; count: number; previous: number }>
    >(
      `SELECT domain, min(taxonomy) AS taxonomy,
              coalesce(sum(cited_responses) FILTER (WHERE day >= $3::date AND day <= $4::date), 0)::int AS count,
              coalesce(sum(cited_responses) FILTER (WHERE day >= $5::date AND day <= $6::date), 0)::int AS previous
       FROM metric_group_domain_counts
       WHERE workspace_id = $1 AND analysis_version = $2::int AND day >= $5::date AND day <= $4::date
       GROUP BY domain ORDER BY count DESC, domain ASC`,
      workspaceId,
      version,
      period.from,
      period.to,
      previous.from,
      previous.to,
    ),
    ctx.prisma.$queryRawUnsafe<
      Array<{ url: string; domain: string | null; taxonomy: string | null; count: number }>
    >(
      `SELECT c.url, min(c.domain) AS domain, min(c.taxonomy) AS taxonomy,
              count(DISTINCT c.response_id)::int AS count
       FROM runs ru
       JOIN engine_responses r ON r.run_id = ru.id AND r.status = 'succeeded'
       JOIN citations c ON c.response_id = r.id
       WHERE ru.workspace_id = $1 AND ru.created_at >= $2::date AND ru.created_at < ($3::date + 1)
       GROUP BY c.url ORDER BY count DESC, c.url ASC LIMIT $4::int`,
      workspaceId,
      period.from,
      period.to,
      options.urlLimit,
    ),
  ]);
  return {
    domains: domains.map((d) => ({ ...d, count: Number(d.count), previous: Number(d.previous) })),
    urls: urls.map((u) => ({ ...u, count: Number(u.count) })),
  };
}
