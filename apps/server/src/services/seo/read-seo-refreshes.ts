import type { SeoRefresh as SeoRefreshResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toSeoRefreshResponse } from "./to-seo-refresh-response.js";

interface ReadOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

/** The workspace's refreshes, newest first. */
export async function listSeoRefreshes({
  ctx,
  workspace,
  limit,
  cursor,
}: ReadOptions & PageRequest): Promise<{ data: SeoRefreshResponse[]; nextCursor: string | null }> {
  const rows = await ctx.prisma.seoRefresh.findMany(
    pageQuery({ workspaceId: workspace.id }, "seo", { limit, cursor }),
  );
  const page = toPage(rows, limit, (row) => toSeoRefreshResponse(row, workspace.slug));
  return { data: page.data, nextCursor: page.nextCursor };
}

/** One refresh of the workspace; 404 for anything else. */
export async function getSeoRefresh({
  ctx,
  workspace,
  refreshId,
}: ReadOptions & { refreshId: string }): Promise<SeoRefreshResponse> {
  const row = await ctx.prisma.seoRefresh.findFirst({
    where: { id: refreshId, workspaceId: workspace.id },
  });
  if (!row) throw errors.notFound("SEO refresh");
  return toSeoRefreshResponse(row, workspace.slug);
}
