import type { HandlerRegistry } from "../../http/handler.js";
import { getPromptGeneration, listPromptGenerations } from "./read-prompt-generations.js";
import { startPromptGeneration } from "./start-prompt-generation.js";

/** LLM prompt generation. */
export const promptGenerationHandlers: HandlerRegistry = {
  startPromptGeneration,
  listPromptGenerations,
  getPromptGeneration,
};
