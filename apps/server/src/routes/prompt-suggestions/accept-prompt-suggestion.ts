import { defineHandler } from "../../http/handler.js";
import { acceptPromptSuggestions as accept } from "../../services/prompt-suggestions/accept-prompt-suggestions.js";

export const acceptPromptSuggestion = defineHandler("acceptPromptSuggestion")(
  async ({ op, params, body }) => {
    const [accepted] = await accept({ ...op, ids: [params.suggestionId], overrides: body ?? {} });
    if (!accepted) throw new Error("accepting one suggestion returned none");
    return { status: 200, body: accepted };
  },
);

export const acceptPromptSuggestions = defineHandler("acceptPromptSuggestions")(
  async ({ op, body }) => ({
    status: 200,
    body: {
      data: await accept({ ...op, ids: body.ids, overrides: { active: body.active } }),
    },
  }),
);
