import type { HandlerRegistry } from "../../http/handler.js";
import { createPrompt } from "./create-prompt.js";
import { deletePrompt } from "./delete-prompt.js";
import { getActivePromptSet } from "./get-active-prompt-set.js";
import { getPrompt } from "./get-prompt.js";
import { getPromptVisibility } from "./get-prompt-visibility.js";
import { importPrompts } from "./import-prompts.js";
import { listPrompts } from "./list-prompts.js";
import { updatePrompt } from "./update-prompt.js";

/** Prompts: the library, bulk import and the active set. */
export const promptHandlers: HandlerRegistry = {
  listPrompts,
  createPrompt,
  getPrompt,
  updatePrompt,
  deletePrompt,
  importPrompts,
  getActivePromptSet,
  getPromptVisibility,
};
