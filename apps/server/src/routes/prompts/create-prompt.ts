import { defineHandler } from "../../http/handler.js";
import { createPrompt as createPromptService } from "../../services/prompts/create-prompt.js";

export const createPrompt = defineHandler("createPrompt")(async ({ op, body }) => ({
  status: 201,
  body: await createPromptService({ ...op, input: body }),
}));
