import type { SeoTraffic } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { seoRange } from "./seo-range.js";

export interface GetSeoTrafficOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  from?: string | undefined;
  to?: string | undefined;
}

const topPages = 20;

/**
 * AI referral sessions from the stored GA4 rows (`seo_traffic_rows.ai_engine`, classified by
 * `ai-referrers.json` when stored): per engine and day, and the landing pages AI engines send
 * most sessions to. Default range: the 28 days ending yesterday.
 */
export async function getSeoTraffic({
  ctx,
  workspace,
  from,
  to,
}: GetSeoTrafficOptions): Promise<SeoTraffic> {
  const range = seoRange({ now: ctx.clock.now(), from, to, in: "query" });
  const where = { workspaceId: workspace.id, date: { gte: range.from, lte: range.to } };
  const [total, daily, pages] = await Promise.all([
    ctx.prisma.seoTrafficRow.aggregate({ where, _sum: { sessions: true } }),
    ctx.prisma.seoTrafficRow.groupBy({
      by: ["aiEngine", "date"],
      where: { ...where, aiEngine: { not: null } },
      _sum: { sessions: true, conversions: true },
      orderBy: [{ aiEngine: "asc" }, { date: "asc" }],
    }),
    ctx.prisma.seoTrafficRow.groupBy({
      by: ["landingPage"],
      where: { ...where, aiEngine: { not: null } },
      _sum: { sessions: true },
      orderBy: [{ _sum: { sessions: "desc" } }, { landingPage: "asc" }],
      take: topPages,
    }),
  ]);
  const engines = new Map<string, SeoTraffic["engines"][number]>();
  for (const row of daily) {
    const engine = row.aiEngine as string;
    const entry = engines.get(engine) ?? { engine, sessions: 0, conversions: 0, daily: [] };
    const sessions = row._sum.sessions ?? 0;
    entry.sessions += sessions;
    entry.conversions += row._sum.conversions ?? 0;
    entry.daily.push({ date: row.date, sessions });
    engines.set(engine, entry);
  }
  const sorted = [...engines.values()].sort(
    (a, b) => b.sessions - a.sessions || a.engine.localeCompare(b.engine),
  );
  return {
    workspace: workspace.slug,
    from: range.from,
    to: range.to,
    totalSessions: total._sum.sessions ?? 0,
    aiSessions: sorted.reduce((n, e) => n + e.sessions, 0),
    engines: sorted,
    topLandingPages: pages.map((p) => ({
      landingPage: p.landingPage,
      sessions: p._sum.sessions ?? 0,
    })),
  };
}
