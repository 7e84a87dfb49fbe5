import type { CompetitorRecord, CompetitorUpdate } from "@geopulse/api-types";
import { enqueueReanalysis } from "../analysis/enqueue-reanalysis.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { checkNameFree, findCompetitor, toCompetitorRecord } from "./competitor-rules.js";
import { lockWorkspace } from "./lock-workspace.js";

export interface UpdateCompetitorOptions extends WorkspaceOperation {
  competitorId: string;
  input: CompetitorUpdate;
}

export async function updateCompetitor(
  options: UpdateCompetitorOptions,
): Promise<CompetitorRecord> {
  const { ctx, workspace, competitorId, input } = options;
  const updated = await ctx.prisma.$transaction(async (tx) => {
    await lockWorkspace(tx, workspace.id);
    const competitor = await findCompetitor(tx, workspace.id, competitorId);
    if (input.name !== undefined) {
      const others = await tx.competitor.findMany({ where: { workspaceId: workspace.id } });
      checkNameFree(others, input.name, competitor.id);
    }
    const result = await tx.competitor.update({
      where: { id: competitor.id },
      data: { ...input, updatedAt: ctx.clock.now() },
    });
    await audit(options, tx, "competitor.update", ["competitor", competitor.id], {
      fields: Object.keys(input).sort(),
    });
    return result;
  });
  await enqueueReanalysis(ctx, workspace.id);
  return toCompetitorRecord(updated);
}
