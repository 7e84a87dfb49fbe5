import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getPrompt as getPromptService } from "../../services/prompts/get-prompt.js";

export const getPrompt = defineHandler("getPrompt")(async ({ app, workspace, params }) => ({
  status: 200,
  body: await getPromptService({
    ctx: app,
    workspace: workspaceOf(workspace),
    promptId: params.promptId,
  }),
}));
