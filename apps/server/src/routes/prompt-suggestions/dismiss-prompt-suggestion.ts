import { defineHandler } from "../../http/handler.js";
import { dismissPromptSuggestion as dismiss } from "../../services/prompt-suggestions/dismiss-prompt-suggestion.js";

export const dismissPromptSuggestion = defineHandler("dismissPromptSuggestion")(
  async ({ op, params }) => ({
    status: 200,
    body: await dismiss({ ...op, suggestionId: params.suggestionId }),
  }),
);
