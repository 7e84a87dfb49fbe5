import type { Competitor, CompetitorRecord } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { newId } from "../../ids.js";
import { enqueueReanalysis } from "../analysis/enqueue-reanalysis.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { checkNameFree, maxCompetitors, toCompetitorRecord } from "./competitor-rules.js";
import { lockWorkspace } from "./lock-workspace.js";

export interface CreateCompetitorOptions extends WorkspaceOperation {
  input: Competitor;
}

/** Appends a competitor; the workspace lock keeps the count and the names consistent. */
export async function createCompetitor(
  options: CreateCompetitorOptions,
): Promise<CompetitorRecord> {
  const { ctx, workspace, input } = options;
  const created = await ctx.prisma.$transaction(async (tx) => {
    await lockWorkspace(tx, workspace.id);
    const others = await tx.competitor.findMany({ where: { workspaceId: workspace.id } });
    if (others.length >= maxCompetitors) {
      throw errors.tooManyCompetitors(maxCompetitors, others.length);
    }
    checkNameFree(others, input.name);
    const now = ctx.clock.now();
    const competitor = await tx.competitor.create({
      data: {
        id: newId("cmp", ctx.clock),
        workspaceId: workspace.id,
        name: input.name,
        domains: input.domains,
        aliases: input.aliases,
        ambiguous: input.ambiguous,
        position: Math.max(-1, ...others.map((other) => other.position)) + 1,
        createdAt: now,
        updatedAt: now,
      },
    });
    await audit(options, tx, "competitor.create", ["competitor", competitor.id], {
      name: competitor.name,
    });
    return competitor;
  });
  await enqueueReanalysis(ctx, workspace.id);
  return toCompetitorRecord(created);
}
