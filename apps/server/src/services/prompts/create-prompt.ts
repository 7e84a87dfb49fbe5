import type { Prompt, PromptCreate } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { lockWorkspace } from "../workspace-config/lock-workspace.js";
import { newPromptRow } from "./new-prompt-row.js";
import {
  checkPromptFields,
  checkRoomForOne,
  promptTextKey,
  toPromptResponse,
} from "./prompt-rules.js";

export interface CreatePromptOptions extends WorkspaceOperation {
  input: PromptCreate;
}

/**
 * Adds a manual prompt, active unless told otherwise. The workspace row is
 * locked before the active prompts are counted, so concurrent activations
 * cannot together exceed activeSetSize.
 */
export async function createPrompt(options: CreatePromptOptions): Promise<Prompt> {
  const { ctx, workspace, input } = options;
  const active = input.active ?? true;
  const created = await ctx.prisma.$transaction(async (tx) => {
    const row = await lockWorkspace(tx, workspace.id);
    checkPromptFields(input, row.languages);
    const textKey = promptTextKey(input.text);
    const existing = await tx.prompt.findUnique({
      where: {
        workspaceId_language_textKey: {
          workspaceId: workspace.id,
          language: input.language,
          textKey,
        },
      },
      select: { id: true },
    });
    if (existing) throw errors.promptExists(existing.id);
    if (active) await checkRoomForOne(tx, row);
    const now = ctx.clock.now();
    const prompt = await tx.prompt.create({
      data: newPromptRow({
        clock: ctx.clock,
        workspaceId: workspace.id,
        input,
        textKey,
        active,
        source: "manual",
        now,
      }),
    });
    await audit(options, tx, "prompt.create", ["prompt", prompt.id], {
      category: prompt.category,
      language: prompt.language,
      active,
    });
    return prompt;
  });
  return toPromptResponse(created);
}
