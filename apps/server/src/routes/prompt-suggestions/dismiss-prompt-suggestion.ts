import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { dismissPromptSuggestion as dismiss } from "../../services/prompt-suggestions/dismiss-prompt-suggestion.js";

export const dismissPromptSuggestion = defineHandler("dismissPromptSuggestion")(
  async ({ app, principal, workspace, params, requestId }) => ({
    status: 200,
    body: await dismiss({
      ctx: app,
      principal,
      workspace: workspaceOf(workspace),
      requestId,
      suggestionId: params.suggestionId,
    }),
  }),
);
