import type { SeoLandingPages } from "@geopulse/api-types";
import { parse } from "tldts";
import { normalizeEntityDomain } from "../../analysis/citations.js";
import { normalizeUrl } from "../../analysis/url-normalize.js";
import type { AppContext } from "../../context.js";
import { dayEnd, dayStart } from "../../days.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { seoRange } from "./seo-range.js";

export interface GetSeoLandingPagesOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  from?: string | undefined;
  to?: string | undefined;
  limit?: number | undefined;
}

/** Citations of the pages' domains read at most (newest answers first). */
const maxCitations = 50_000;

type Page = SeoLandingPages["pages"][number];

/**
 * The landing pages AI engines sent most sessions to, each with its sessions per AI engine and
 * the stored answers (runs created in the range) citing its URL, per answer engine, and citing
 * its registrable domain. URLs compare normalised as citations are (`normalizeUrl`); a GA4
 * landing page is a path, read on the workspace's first domain.
 */
export async function getSeoLandingPages({
  ctx,
  workspace,
  from,
  to,
  limit = 20,
}: GetSeoLandingPagesOptions): Promise<SeoLandingPages> {
  const range = seoRange({ now: ctx.clock.now(), from, to, in: "query" });
  const where = {
    workspaceId: workspace.id,
    date: { gte: range.from, lte: range.to },
    aiEngine: { not: null },
  };
  const [stored, top] = await Promise.all([
    ctx.prisma.workspace.findUniqueOrThrow({
      where: { id: workspace.id },
      select: { domains: true },
    }),
    ctx.prisma.seoTrafficRow.groupBy({
      by: ["landingPage"],
      where,
      _sum: { sessions: true },
      orderBy: [{ _sum: { sessions: "desc" } }, { landingPage: "asc" }],
      take: limit,
    }),
  ]);
  const byEngine = await ctx.prisma.seoTrafficRow.groupBy({
    by: ["landingPage", "aiEngine"],
    where: { ...where, landingPage: { in: top.map((p) => p.landingPage) } },
    _sum: { sessions: true },
  });
  const siteDomain = stored.domains[0] ? normalizeEntityDomain(stored.domains[0]) : null;
  const pages = top.map((p) => {
    const url = siteDomain ? normalizeUrl(absolute(p.landingPage, siteDomain)) : null;
    return {
      landingPage: p.landingPage,
      sessions: p._sum.sessions ?? 0,
      url,
      domain: url ? registrableDomain(url.host) : null,
      sessionsByEngine: counted(
        byEngine
          .filter((row) => row.landingPage === p.landingPage)
          .map((row) => [row.aiEngine as string, row._sum.sessions ?? 0]),
      ),
    };
  });

  const answersIn = {
    workspaceId: workspace.id,
    status: "succeeded",
    purpose: "measurement",
    run: {
      createdAt: {
        gte: dayStart(range.from),
        lt: dayEnd(range.to),
      },
    },
  };
  const domains = [...new Set(pages.flatMap((p) => (p.domain ? [p.domain] : [])))];
  const [answers, citations] = await Promise.all([
    ctx.prisma.engineResponse.count({ where: answersIn }),
    domains.length === 0
      ? Promise.resolve([])
      : ctx.prisma.citation.findMany({
          where: { domain: { in: domains }, response: answersIn },
          select: {
            url: true,
            domain: true,
            responseId: true,
            response: { select: { engine: true } },
          },
          orderBy: { responseId: "desc" },
          take: maxCitations,
        }),
  ]);
  const cited = citations.map((c) => ({
    url: normalizeUrl(c.url)?.normalizedUrl ?? null,
    domain: c.domain,
    responseId: c.responseId,
    engine: c.response.engine,
  }));
  return {
    workspace: workspace.slug,
    ...range,
    siteDomain,
    answers,
    pages: pages.map((p): Page => {
      const exact = distinctAnswers(cited.filter((c) => p.url && c.url === p.url.normalizedUrl));
      const domain = distinctAnswers(cited.filter((c) => p.domain && c.domain === p.domain));
      return {
        landingPage: p.landingPage,
        url: p.url?.normalizedUrl ?? null,
        sessions: p.sessions,
        sessionsByEngine: p.sessionsByEngine,
        citedAnswers: exact.length,
        citedByEngine: counted(exact.map((c) => [c.engine, 1])),
        domain: p.domain,
        domainCitedAnswers: domain.length,
        domainCited: domain.length > 0,
      };
    }),
  };
}

/** A GA4 landing page (a path, or `(not set)`) as a URL on the site's domain. */
function absolute(landingPage: string, siteDomain: string): string {
  if (/^https?:\/\//i.test(landingPage)) return landingPage;
  return landingPage.startsWith("/") ? `https://${siteDomain}${landingPage}` : "";
}

function registrableDomain(host: string): string {
  const parsed = parse(host, { allowPrivateDomains: true });
  return parsed.isIp || !parsed.domain ? host : parsed.domain;
}

/** One entry per answer (an answer citing a page twice counts once). */
function distinctAnswers<T extends { responseId: string }>(rows: T[]): T[] {
  const seen = new Map<string, T>();
  for (const row of rows) if (!seen.has(row.responseId)) seen.set(row.responseId, row);
  return [...seen.values()];
}

/** Summed per engine, most first (ties by engine). */
function counted(entries: Array<[string, number]>): Array<{ engine: string; count: number }> {
  const totals = new Map<string, number>();
  for (const [engine, n] of entries) totals.set(engine, (totals.get(engine) ?? 0) + n);
  return [...totals]
    .map(([engine, count]) => ({ engine, count }))
    .sort((a, b) => b.count - a.count || a.engine.localeCompare(b.engine));
}
