import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { findPrompt } from "./prompt-rules.js";

export interface DeletePromptOptions extends WorkspaceOperation {
  promptId: string;
}

/** Deletes a prompt; answers recorded for it in past runs are kept. */
export async function deletePrompt(options: DeletePromptOptions): Promise<void> {
  const { ctx, workspace, promptId } = options;
  await ctx.prisma.$transaction(async (tx) => {
    const prompt = await findPrompt(tx, workspace.id, promptId);
    await tx.prompt.delete({ where: { id: prompt.id } });
    await audit(options, tx, "prompt.delete", ["prompt", prompt.id], {
      category: prompt.category,
      language: prompt.language,
      active: prompt.active,
    });
  });
}
