import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { createPrompt as createPromptService } from "../../services/prompts/create-prompt.js";

export const createPrompt = defineHandler("createPrompt")(
  async ({ app, principal, workspace, requestId, body }) => ({
    status: 201,
    body: await createPromptService({
      ctx: app,
      workspace: workspaceOf(workspace),
      principal,
      requestId,
      input: body,
    }),
  }),
);
