import type { PromptSuggestion } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { toSuggestionResponse } from "./to-suggestion-response.js";

export interface DismissPromptSuggestionOptions extends WorkspaceOperation {
  suggestionId: string;
}

/** Dismisses a pending suggestion; twice is a no-op, an accepted one is 409 already_decided. */
export async function dismissPromptSuggestion(
  options: DismissPromptSuggestionOptions,
): Promise<PromptSuggestion> {
  const { ctx, workspace, suggestionId } = options;
  return ctx.prisma.$transaction(async (tx) => {
    const row = await tx.promptSuggestion.findFirst({
      where: { id: suggestionId, workspaceId: workspace.id },
    });
    if (!row) throw errors.notFound("Prompt suggestion");
    if (row.status === "dismissed") return toSuggestionResponse(row);
    const updated = await tx.promptSuggestion.updateMany({
      where: { id: row.id, status: "pending" },
      data: { status: "dismissed", decidedAt: ctx.clock.now() },
    });
    if (updated.count !== 1) {
      throw errors.alreadyDecided({ suggestionId, status: "accepted" });
    }
    await audit(options, tx, "prompt_suggestion.dismiss", ["prompt_suggestion", row.id]);
    return toSuggestionResponse(
      await tx.promptSuggestion.findUniqueOrThrow({ where: { id: row.id } }),
    );
  });
}
