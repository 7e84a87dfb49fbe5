import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { Principal, WorkspaceAccess } from "../../http/principal.js";
import { enqueueReanalysis } from "../analysis/enqueue-reanalysis.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";
import { findCompetitor, minCompetitors } from "./competitor-rules.js";
import { lockWorkspace } from "./lock-workspace.js";

export interface DeleteCompetitorOptions {
  ctx: AppContext;
  principal: Principal;
  workspace: WorkspaceAccess;
  requestId: string;
  competitorId: string;
}

/** Removes a competitor, keeping at least two. */
export async function deleteCompetitor(options: DeleteCompetitorOptions): Promise<void> {
  const { ctx, principal, workspace, competitorId } = options;
  await ctx.prisma.$transaction(async (tx) => {
    await lockWorkspace(tx, workspace.id);
    const competitor = await findCompetitor(tx, workspace.id, competitorId);
    const count = await tx.competitor.count({ where: { workspaceId: workspace.id } });
    if (count <= minCompetitors) {
      throw errors.tooFewCompetitors(minCompetitors, count);
    }
    await tx.competitor.delete({ where: { id: competitor.id } });
    await recordAuditEvent({
      tx,
      clock: ctx.clock,
      principal,
      requestId: options.requestId,
      workspaceId: workspace.id,
      action: "competitor.delete",
      targetType: "competitor",
      targetId: competitor.id,
      metadata: { name: competitor.name },
    });
  });
  await enqueueReanalysis(ctx, workspace.id);
}
