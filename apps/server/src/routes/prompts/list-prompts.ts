import { defineHandler } from "../../http/handler.js";
import { listPrompts as listPromptsService } from "../../services/prompts/list-prompts.js";

export const listPrompts = defineHandler("listPrompts")(async ({ op, query }) => ({
  status: 200,
  body: await listPromptsService({ ...op, query }),
}));
