import type { HandlerRegistry } from "../../http/handler.js";
import { acceptPromptSuggestion, acceptPromptSuggestions } from "./accept-prompt-suggestion.js";
import { dismissPromptSuggestion } from "./dismiss-prompt-suggestion.js";
import { listPromptSuggestions } from "./list-prompt-suggestions.js";

/** Prompt suggestions from generation and research. */
export const promptSuggestionHandlers: HandlerRegistry = {
  listPromptSuggestions,
  acceptPromptSuggestion,
  acceptPromptSuggestions,
  dismissPromptSuggestion,
};
