import { ANALYSIS_VERSION } from "../../../analysis/types.js";
import type { AppContext } from "../../../context.js";
import { dayStart } from "../../../days.js";

/**
 * The domains most answers cited over a range, from the daily domain rollups
 * the metrics view's `topCitedDomains` reads (once per answer and day), with
 * the metrics' default of leaving `brand_research` prompts out.
 */
export async function loadTopCitedDomains(options: {
  ctx: AppContext;
  workspaceId: string;
  from: string;
  to: string;
  engine?: string | undefined;
  limit: number;
}) {
  const rows = await options.ctx.prisma.metricGroupDomainCount.groupBy({
    by: ["domain"],
    where: {
      workspaceId: options.workspaceId,
      analysisVersion: ANALYSIS_VERSION,
      day: { gte: dayStart(options.from), lte: dayStart(options.to) },
      category: { not: "brand_research" },
      ...(options.engine ? { engine: options.engine } : {}),
    },
    _sum: { citedResponses: true },
    _min: { taxonomy: true },
    orderBy: [{ _sum: { citedResponses: "desc" } }, { domain: "asc" }],
    take: options.limit,
  });
  return rows.map((r) => ({
    domain: r.domain,
    taxonomy: r._min.taxonomy ?? "other",
    citedAnswers: r._sum.citedResponses ?? 0,
  }));
}
