import { errors } from "../../errors/app-error.js";
import { enqueueReanalysis } from "../analysis/enqueue-reanalysis.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { findCompetitor, minCompetitors } from "./competitor-rules.js";
import { lockWorkspace } from "./lock-workspace.js";

export interface DeleteCompetitorOptions extends WorkspaceOperation {
  competitorId: string;
}

/** Removes a competitor, keeping at least two. */
export async function deleteCompetitor(options: DeleteCompetitorOptions): Promise<void> {
  const { ctx, workspace, competitorId } = options;
  await ctx.prisma.$transaction(async (tx) => {
    await lockWorkspace(tx, workspace.id);
    const competitor = await findCompetitor(tx, workspace.id, competitorId);
    const count = await tx.competitor.count({ where: { workspaceId: workspace.id } });
    if (count <= minCompetitors) {
      throw errors.tooFewCompetitors(minCompetitors, count);
    }
    await tx.competitor.delete({ where: { id: competitor.id } });
    await audit(options, tx, "competitor.delete", ["competitor", competitor.id], {
      name: competitor.name,
    });
  });
  await enqueueReanalysis(ctx, workspace.id);
}
