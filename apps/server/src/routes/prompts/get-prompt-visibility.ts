import { defineHandler } from "../../http/handler.js";
import { getPromptVisibility as getPromptVisibilityService } from "../../services/prompts/get-prompt-visibility.js";

export const getPromptVisibility = defineHandler("getPromptVisibility")(
  async ({ op, params, query }) => ({
    status: 200,
    body: await getPromptVisibilityService({ ...op, promptId: params.promptId, days: query.days }),
  }),
);
