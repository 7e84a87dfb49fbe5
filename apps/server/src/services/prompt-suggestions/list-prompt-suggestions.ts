import type { QueryParams } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { decodeCursor, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toSuggestionResponse } from "./to-suggestion-response.js";

export interface ListPromptSuggestionsOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  filters: Omit<QueryParams<"listPromptSuggestions">, "limit" | "cursor">;
  limit: number;
  cursor?: string | undefined;
}

/** Newest first; filters combine. */
export async function listPromptSuggestions(options: ListPromptSuggestionsOptions) {
  const { ctx, workspace, filters } = options;
  const after = decodeCursor(options.cursor, "sug");
  const rows = await ctx.prisma.promptSuggestion.findMany({
    where: {
      workspaceId: workspace.id,
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.source ? { source: filters.source } : {}),
      ...(filters.generationId ? { generationId: filters.generationId } : {}),
      ...(filters.researchId ? { researchJobId: filters.researchId } : {}),
      ...(after ? { id: { lt: after } } : {}),
    },
    orderBy: { id: "desc" },
    take: options.limit + 1,
  });
  return toPage(rows, options.limit, toSuggestionResponse);
}
