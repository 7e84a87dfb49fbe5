import { defineHandler } from "../../http/handler.js";
import { getActivePromptSet as getActivePromptSetService } from "../../services/prompts/get-active-prompt-set.js";

export const getActivePromptSet = defineHandler("getActivePromptSet")(async ({ op }) => ({
  status: 200,
  body: await getActivePromptSetService(op),
}));
