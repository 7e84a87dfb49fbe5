import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { updatePrompt as updatePromptService } from "../../services/prompts/update-prompt.js";

export const updatePrompt = defineHandler("updatePrompt")(
  async ({ app, principal, workspace, requestId, params, body }) => ({
    status: 200,
    body: await updatePromptService({
      ctx: app,
      workspace: workspaceOf(workspace),
      principal,
      requestId,
      promptId: params.promptId,
      input: body,
    }),
  }),
);
