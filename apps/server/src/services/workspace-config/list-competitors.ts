import type { CompetitorRecord } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toCompetitorRecord } from "./competitor-rules.js";

export interface ListCompetitorsOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

/** All of a workspace's competitors (at most 12), in the order the user listed them. */
export async function listCompetitors({
  ctx,
  workspace,
}: ListCompetitorsOptions): Promise<{ data: CompetitorRecord[] }> {
  const rows = await ctx.prisma.competitor.findMany({
    where: { workspaceId: workspace.id },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
  return { data: rows.map(toCompetitorRecord) };
}
