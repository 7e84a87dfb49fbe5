import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import {
  getPromptGeneration as get,
  listPromptGenerations as list,
} from "../../services/prompt-generation/read-prompt-generations.js";

export const listPromptGenerations = defineHandler("listPromptGenerations")(
  async ({ app, workspace, query }) => ({
    status: 200,
    body: await list({
      ctx: app,
      workspace: workspaceOf(workspace),
      limit: query.limit ?? 20,
      cursor: query.cursor,
    }),
  }),
);

export const getPromptGeneration = defineHandler("getPromptGeneration")(
  async ({ app, workspace, params }) => ({
    status: 200,
    body: await get({
      ctx: app,
      workspace: workspaceOf(workspace),
      generationId: params.generationId,
    }),
  }),
);
