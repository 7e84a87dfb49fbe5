import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { listPrompts as listPromptsService } from "../../services/prompts/list-prompts.js";

export const listPrompts = defineHandler("listPrompts")(async ({ app, workspace, query }) => ({
  status: 200,
  body: await listPromptsService({ ctx: app, workspace: workspaceOf(workspace), query }),
}));
