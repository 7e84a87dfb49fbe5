import { defineHandler } from "../../http/handler.js";
import { startPromptGeneration as start } from "../../services/prompt-generation/start-prompt-generation.js";

export const startPromptGeneration = defineHandler("startPromptGeneration")(
  async ({ op, body }) => ({
    status: 202,
    body: await start({ ...op, input: body }),
  }),
);
