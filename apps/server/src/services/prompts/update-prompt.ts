import type { Prompt, PromptUpdate } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { lockWorkspace } from "../workspace-config/lock-workspace.js";
import {
  checkPromptFields,
  checkRoomForOne,
  findPrompt,
  promptText,
  promptTextKey,
  toPromptResponse,
} from "./prompt-rules.js";

export interface UpdatePromptOptions extends WorkspaceOperation {
  promptId: string;
  input: PromptUpdate;
}

/** Partial change; activation counts the active set under the workspace lock. */
export async function updatePrompt(options: UpdatePromptOptions): Promise<Prompt> {
  const { ctx, workspace, promptId, input } = options;
  const updated = await ctx.prisma.$transaction(async (tx) => {
    const row = await lockWorkspace(tx, workspace.id);
    const prompt = await findPrompt(tx, workspace.id, promptId);
    checkPromptFields(input, row.languages);
    const language = input.language ?? prompt.language;
    const textKey = input.text === undefined ? prompt.textKey : promptTextKey(input.text);
    if (language !== prompt.language || textKey !== prompt.textKey) {
      const clash = await tx.prompt.findUnique({
        where: { workspaceId_language_textKey: { workspaceId: workspace.id, language, textKey } },
        select: { id: true },
      });
      if (clash && clash.id !== prompt.id) throw errors.promptExists(clash.id);
    }
    if (input.active === true && !prompt.active) await checkRoomForOne(tx, row);
    const result = await tx.prompt.update({
      where: { id: prompt.id },
      data: {
        ...(input.text === undefined ? {} : { text: promptText(input.text), textKey }),
        ...(input.category === undefined ? {} : { category: input.category }),
        ...(input.language === undefined ? {} : { language: input.language }),
        ...(input.region === undefined ? {} : { region: input.region }),
        ...(input.tags === undefined ? {} : { tags: input.tags }),
        ...(input.active === undefined ? {} : { active: input.active }),
        updatedAt: ctx.clock.now(),
      },
    });
    await audit(options, tx, "prompt.update", ["prompt", prompt.id], {
      fields: Object.keys(input).sort(),
      active: result.active,
    });
    return result;
  });
  return toPromptResponse(updated);
}
