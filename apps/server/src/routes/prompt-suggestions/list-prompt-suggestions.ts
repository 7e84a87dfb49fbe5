import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { listPromptSuggestions as list } from "../../services/prompt-suggestions/list-prompt-suggestions.js";

export const listPromptSuggestions = defineHandler("listPromptSuggestions")(
  async ({ app, workspace, query }) => {
    const { limit, cursor, ...filters } = query;
    return {
      status: 200,
      body: await list({
        ctx: app,
        workspace: workspaceOf(workspace),
        filters,
        limit: limit ?? 20,
        cursor,
      }),
    };
  },
);
