import type { PromptGeneration as GenerationResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toGenerationResponse } from "./to-generation-response.js";

interface ReadOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

export async function listPromptGenerations({
  ctx,
  workspace,
  limit,
  cursor,
}: ReadOptions & PageRequest) {
  const rows = await ctx.prisma.promptGeneration.findMany(
    pageQuery({ workspaceId: workspace.id }, "pgn", { limit, cursor }),
  );
  return toPage(rows, limit, (row) => toGenerationResponse(row, workspace.slug));
}

export async function getPromptGeneration({
  ctx,
  workspace,
  generationId,
}: ReadOptions & { generationId: string }): Promise<GenerationResponse> {
  const row = await ctx.prisma.promptGeneration.findFirst({
    where: { id: generationId, workspaceId: workspace.id },
  });
  if (!row) throw errors.notFound("Prompt generation");
  return toGenerationResponse(row, workspace.slug);
}
