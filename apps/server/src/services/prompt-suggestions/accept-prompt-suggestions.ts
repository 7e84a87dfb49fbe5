import type { Language, PromptCategory, PromptSuggestionAccepted } from "@geopulse/api-types";
import type { Prisma, Workspace } from "@geopulse/db";
import { errors } from "../../errors/app-error.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import {
  checkPromptFields,
  checkRoomForOne,
  newPromptId,
  toPromptResponse,
} from "../prompts/prompt-rules.js";
import { lockWorkspace } from "../workspace-config/lock-workspace.js";
import { toSuggestionResponse } from "./to-suggestion-response.js";

export interface AcceptOverrides {
  category?: PromptCategory | undefined;
  language?: Language | undefined;
  active?: boolean | undefined;
}

export interface AcceptPromptSuggestionsOptions extends WorkspaceOperation {
  ids: string[];
  overrides: AcceptOverrides;
}

/**
 * Turns suggestions into prompts with the rules of createPrompt (workspace
 * language, one prompt per text and language, room in the active set), all
 * in one transaction under the workspace lock: the first failure answers and
 * nothing is written.
 */
export async function acceptPromptSuggestions(
  options: AcceptPromptSuggestionsOptions,
): Promise<PromptSuggestionAccepted[]> {
  const { ctx, workspace } = options;
  return ctx.prisma.$transaction(async (tx) => {
    const row = await lockWorkspace(tx, workspace.id);
    const accepted: PromptSuggestionAccepted[] = [];
    for (const id of options.ids) accepted.push(await acceptOne(tx, options, row, id));
    return accepted;
  });
}

async function acceptOne(
  tx: Prisma.TransactionClient,
  options: AcceptPromptSuggestionsOptions,
  workspace: Workspace,
  suggestionId: string,
): Promise<PromptSuggestionAccepted> {
  const { ctx, overrides } = options;
  const suggestion = await tx.promptSuggestion.findFirst({
    where: { id: suggestionId, workspaceId: workspace.id },
  });
  if (!suggestion) throw errors.notFound("Prompt suggestion");
  if (suggestion.status !== "pending") {
    throw errors.alreadyDecided({ suggestionId, status: suggestion.status });
  }
  const language = overrides.language ?? suggestion.language;
  const category = overrides.category ?? suggestion.category;
  const active = overrides.active ?? true;
  checkPromptFields({ text: suggestion.text, language }, workspace.languages);
  const existing = await tx.prompt.findUnique({
    where: {
      workspaceId_language_textKey: {
        workspaceId: workspace.id,
        language,
        textKey: suggestion.textKey,
      },
    },
    select: { id: true },
  });
  if (existing) throw errors.promptExists(existing.id);
  if (active) await checkRoomForOne(tx, workspace);
  const now = ctx.clock.now();
  const prompt = await tx.prompt.create({
    data: {
      id: newPromptId(ctx.clock),
      workspaceId: workspace.id,
      text: suggestion.text,
      textKey: suggestion.textKey,
      category,
      language,
      region: null,
      tags: [],
      active,
      source: suggestion.source === "generation" ? "generated" : "research",
      createdAt: now,
      updatedAt: now,
    },
  });
  const decided = await tx.promptSuggestion.update({
    where: { id: suggestion.id },
    data: { status: "accepted", promptId: prompt.id, decidedAt: now },
  });
  await audit(options, tx, "prompt_suggestion.accept", ["prompt", prompt.id], {
    suggestionId: suggestion.id,
    category,
    language,
    active,
  });
  return { suggestion: toSuggestionResponse(decided), prompt: toPromptResponse(prompt) };
}
