import { defineHandler } from "../../http/handler.js";
import { getPrompt as getPromptService } from "../../services/prompts/get-prompt.js";

export const getPrompt = defineHandler("getPrompt")(async ({ op, params }) => ({
  status: 200,
  body: await getPromptService({ ...op, promptId: params.promptId }),
}));
