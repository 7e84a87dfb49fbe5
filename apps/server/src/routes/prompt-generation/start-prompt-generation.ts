import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { startPromptGeneration as start } from "../../services/prompt-generation/start-prompt-generation.js";

export const startPromptGeneration = defineHandler("startPromptGeneration")(
  async ({ app, principal, workspace, body, requestId }) => ({
    status: 202,
    body: await start({
      ctx: app,
      principal,
      workspace: workspaceOf(workspace),
      requestId,
      input: body,
    }),
  }),
);
