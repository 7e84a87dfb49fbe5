import type { AppContext } from "../../context.js";
import type { Surface } from "../../engines/engine-registry.js";
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
  const { ctx, workspaceId, period } = options;
  const rows = await ctx.prisma.$queryRawUnsafe<
    Array<{ url: string; domain: string | null; taxonomy: string | null; count: number }>
  >(
    `SELECT coalesce(c.normalized_url, c.url) AS url, min(c.domain) AS domain,
            min(c.taxonomy) AS taxonomy, count(DISTINCT c.response_id)::int AS count
     FROM runs ru
     JOIN engine_responses r ON r.run_id = ru.id AND r.status = 'succeeded'
     JOIN citations c ON c.response_id = r.id
     WHERE ru.workspace_id = $1 AND ru.created_at >= $2::date AND ru.created_at < ($3::date + 1)
       AND ($5::text IS NULL OR c.domain = $5::text)
       AND ($6::text IS NULL OR r.surface = $6::text)
     GROUP BY 1 ORDER BY count DESC, url ASC LIMIT $4::int`,
    workspaceId,
    period.from,
    period.to,
    options.limit,
    options.domain ?? null,
    options.surface ?? null,
  );
  return rows.map((u) => ({ ...u, count: Number(u.count) }));
}
