import type { CompetitorRecord } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { findCompetitor, toCompetitorRecord } from "./competitor-rules.js";

export interface GetCompetitorOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  competitorId: string;
}

export async function getCompetitor({
  ctx,
  workspace,
  competitorId,
}: GetCompetitorOptions): Promise<CompetitorRecord> {
  return toCompetitorRecord(await findCompetitor(ctx.prisma, workspace.id, competitorId));
}
