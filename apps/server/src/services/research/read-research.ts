import type { ResearchJob as ResearchResponse } from "@geopulse/api-types";
import type { ResearchJob } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toResearchResponse } from "./to-research-response.js";

const topSources = 50;

interface ReadOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

/** A job with its most cited sources (most cited first, then by URL). */
export async function withSources(
  ctx: AppContext,
  row: ResearchJob,
  slug: string,
): Promise<ResearchResponse> {
  const [sources, count] = await Promise.all([
    ctx.prisma.researchSource.findMany({
      where: { researchJobId: row.id },
      orderBy: [{ citations: "desc" }, { url: "asc" }],
      take: topSources,
    }),
    ctx.prisma.researchSource.count({ where: { researchJobId: row.id } }),
  ]);
  return toResearchResponse(row, slug, sources, count);
}

export async function listResearchJobs({
  ctx,
  workspace,
  limit,
  cursor,
}: ReadOptions & PageRequest) {
  const rows = await ctx.prisma.researchJob.findMany(
    pageQuery({ workspaceId: workspace.id }, "rsj", { limit, cursor }),
  );
  const page = toPage(rows, limit, (row) => row);
  return {
    data: await Promise.all(page.data.map((row) => withSources(ctx, row, workspace.slug))),
    nextCursor: page.nextCursor,
  };
}

export async function getResearchJob({
  ctx,
  workspace,
  researchId,
}: ReadOptions & { researchId: string }): Promise<ResearchResponse> {
  const row = await ctx.prisma.researchJob.findFirst({
    where: { id: researchId, workspaceId: workspace.id },
  });
  if (!row) throw errors.notFound("Research job");
  return withSources(ctx, row, workspace.slug);
}
