import type { AppContext } from "../../context.js";
import type { Principal, WorkspaceAccess } from "../../http/principal.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";
import { findPrompt } from "./prompt-rules.js";

export interface DeletePromptOptions {
  ctx: AppContext;
  principal: Principal;
  workspace: WorkspaceAccess;
  requestId: string;
  promptId: string;
}

/** Deletes a prompt; answers recorded for it in past runs are kept. */
export async function deletePrompt(options: DeletePromptOptions): Promise<void> {
  const { ctx, principal, workspace, promptId } = options;
  await ctx.prisma.$transaction(async (tx) => {
    const prompt = await findPrompt(tx, workspace.id, promptId);
    await tx.prompt.delete({ where: { id: prompt.id } });
    await recordAuditEvent({
      tx,
      clock: ctx.clock,
      principal,
      requestId: options.requestId,
      workspaceId: workspace.id,
      action: "prompt.delete",
      targetType: "prompt",
      targetId: prompt.id,
      metadata: { category: prompt.category, language: prompt.language, active: prompt.active },
    });
  });
}
