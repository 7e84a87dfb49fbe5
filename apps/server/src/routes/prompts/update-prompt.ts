import { defineHandler } from "../../http/handler.js";
import { updatePrompt as updatePromptService } from "../../services/prompts/update-prompt.js";

export const updatePrompt = defineHandler("updatePrompt")(async ({ op, params, body }) => ({
  status: 200,
  body: await updatePromptService({ ...op, promptId: params.promptId, input: body }),
}));
