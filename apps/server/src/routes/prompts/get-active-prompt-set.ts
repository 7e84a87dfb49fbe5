import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getActivePromptSet as getActivePromptSetService } from "../../services/prompts/get-active-prompt-set.js";

export const getActivePromptSet = defineHandler("getActivePromptSet")(
  async ({ app, workspace }) => ({
    status: 200,
    body: await getActivePromptSetService({ ctx: app, workspace: workspaceOf(workspace) }),
  }),
);
