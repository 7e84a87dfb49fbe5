import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { deletePrompt as deletePromptService } from "../../services/prompts/delete-prompt.js";

export const deletePrompt = defineHandler("deletePrompt")(
  async ({ app, principal, workspace, requestId, params }) => {
    await deletePromptService({
      ctx: app,
      principal,
      workspace: workspaceOf(workspace),
      requestId,
      promptId: params.promptId,
    });
    return { status: 204, body: undefined };
  },
);
