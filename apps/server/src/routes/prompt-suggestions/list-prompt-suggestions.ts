import { defineHandler } from "../../http/handler.js";
import { listPromptSuggestions as list } from "../../services/prompt-suggestions/list-prompt-suggestions.js";

export const listPromptSuggestions = defineHandler("listPromptSuggestions")(
  async ({ op, query }) => {
    const { limit, cursor, ...filters } = query;
    return {
      status: 200,
      body: await list({ ...op, filters, limit: limit ?? 20, cursor }),
    };
  },
);
