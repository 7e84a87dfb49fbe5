import { defineHandler } from "../../http/handler.js";
import { deletePrompt as deletePromptService } from "../../services/prompts/delete-prompt.js";

export const deletePrompt = defineHandler("deletePrompt")(async ({ op, params }) => {
  await deletePromptService({ ...op, promptId: params.promptId });
  return { status: 204, body: undefined };
});
