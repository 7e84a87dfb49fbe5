import type { AppContext } from "../../context.js";
import { enginesOnSurface, type Surface } from "../../engines/engine-registry.js";
import { currentRollupRowsSql } from "../analysis/rollup-tables.js";
import { type CitedUrl, loadCitedUrls } from "./load-cited-urls.js";
import { loadUsedDomains, type UsedDomain } from "./load-used-domains.js";
import type { DayPeriod } from "./previous-period.js";

export type { CitedUrl } from "./load-cited-urls.js";

export interface CitedDomain {
  domain: string;
  taxonomy: string;
  /** Answers citing it in the period (once per answer and day, as the rollups count). */
  count: number;
  /** The same count in the previous period of the same length (0 when there is none). */
  previous: number;
  /** Answers of the period that read a page of it without citing it (`loadUsedDomains`). */
  used: number;
}

/** A domain the answers read without citing, with the answers citing it (`CitedDomain.count`). */
export interface ReadDomain extends UsedDomain {
  cited: number;
}

export interface CitedSourcesData {
  domains: CitedDomain[];
  urls: CitedUrl[];
  /** The domains most answers read without citing, at most `limit`. */
  usedDomains: ReadDomain[];
  /** How many domains some answer of the period read without citing. */
  usedTotal: number;
}

/**
 * The domains the engines cited over a period and the period before it (from
 * the daily domain rollups, `metric_group_domain_counts`, what the metrics
 * view's top cited domains read), and the top cited URLs of the period
 * (`loadCitedUrls`), with the domains the answers read without citing them
 * (`loadUsedDomains`). Shared by the cited sources report and `GET .../sources`.
 */
export async function loadCitedSources(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  period: DayPeriod;
  /** Null when there is none (`previousPeriodOf`): every `previous` count is 0. */
  previous: DayPeriod | null;
  /** Items of the URL and read-domain lists. */
  limit: number;
  /** Only answers read from this surface (its engines' rollups). */
  surface?: Surface | undefined;
}): Promise<CitedSourcesData> {
  const { ctx, workspaceId, version, period, previous } = options;
  const [domains, urls] = await Promise.all([
    ctx.prisma.$queryRawUnsafe<
      Array<{ domain: string; taxonomy: string; count: number; previous: number }>
    >(
      `SELECT domain, min(taxonomy) AS taxonomy,
              coalesce(sum(cited_responses) FILTER (WHERE day >= $3::date AND day <= $4::date), 0)::int AS count,
              coalesce(sum(cited_responses) FILTER (WHERE day >= $5::date AND day <= $6::date), 0)::int AS previous
       FROM ${currentRollupRowsSql(
         "metric_group_domain_counts",
         "d.day >= coalesce($5::date, $3::date) AND d.day <= $4::date",
       )} AS t
       WHERE $7::text[] IS NULL OR t.engine = ANY($7::text[])
       GROUP BY domain ORDER BY count DESC, domain ASC`,
      workspaceId,
      version,
      period.from,
      period.to,
      previous?.from ?? null,
      previous?.to ?? null,
      options.surface ? enginesOnSurface(options.surface) : null,
    ),
    loadCitedUrls({ ctx, workspaceId, period, limit: options.limit, surface: options.surface }),
  ]);
  const byDomain = new Map(domains.map((d) => [d.domain, d]));
  const used = await loadUsedDomains({
    ctx,
    workspaceId,
    period,
    limit: options.limit,
    named: domains.map((d) => d.domain),
    taxonomyOf: (domain) => byDomain.get(domain)?.taxonomy,
    surface: options.surface,
  });
  return {
    domains: domains.map((d) => ({
      ...d,
      count: Number(d.count),
      previous: Number(d.previous),
      used: used.counts.get(d.domain) ?? 0,
    })),
    urls,
    usedDomains: used.top.map((d) => ({ ...d, cited: Number(byDomain.get(d.domain)?.count ?? 0) })),
    usedTotal: used.total,
  };
}
