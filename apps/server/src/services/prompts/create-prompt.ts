import type { Prompt, PromptCreate } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { Principal, WorkspaceAccess } from "../../http/principal.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";
import { lockWorkspace } from "../workspace-config/lock-workspace.js";
import {
  checkPromptFields,
  checkRoomForOne,
  newPromptId,
  promptText,
  promptTextKey,
  toPromptResponse,
} from "./prompt-rules.js";

export interface CreatePromptOptions {
  ctx: AppContext;
  principal: Principal;
  workspace: WorkspaceAccess;
  requestId: string;
  input: PromptCreate;
}

/**
 * Adds a manual prompt, active unless told otherwise. The workspace row is
 * locked before the active prompts are counted, so concurrent activations
 * cannot together exceed activeSetSize.
 */
export async function createPrompt(options: CreatePromptOptions): Promise<Prompt> {
  const { ctx, principal, workspace, input } = options;
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
      data: {
        id: newPromptId(ctx.clock),
        workspaceId: workspace.id,
        text: promptText(input.text),
        textKey,
        category: input.category,
        language: input.language,
        region: input.region ?? null,
        tags: input.tags ?? [],
        active,
        source: "manual",
        createdAt: now,
        updatedAt: now,
      },
    });
    await recordAuditEvent({
      tx,
      clock: ctx.clock,
      principal,
      requestId: options.requestId,
      workspaceId: workspace.id,
      action: "prompt.create",
      targetType: "prompt",
      targetId: prompt.id,
      metadata: { category: prompt.category, language: prompt.language, active },
    });
    return prompt;
  });
  return toPromptResponse(created);
}
