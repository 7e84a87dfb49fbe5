import { createAnthropicEngine } from "../anthropic/anthropic-engine.js";
import {
  createChatGptAppEngine,
  createCopilotAppEngine,
  createGeminiAppEngine,
  createPerplexityAppEngine,
} from "../brightdata/brightdata-engine.js";
import {
  createGoogleAiModeEngine,
  createGoogleAiOverviewEngine,
} from "../dataforseo/dataforseo-engine.js";
import type { AnswerEngine } from "../engine.js";
import { createExaEngine } from "../exa/exa-engine.js";
import { createGeminiEngine } from "../gemini/gemini-engine.js";
import { createGrokEngine } from "../grok/grok-engine.js";
import { createOpenAiEngine } from "../openai/openai-engine.js";
import { createPerplexityEngine } from "../perplexity/perplexity-engine.js";
import type { ConnectorOptions } from "./connector-options.js";
import type { RealEngineId } from "./provider-settings.js";

type Factory = (options: ConnectorOptions) => AnswerEngine;

/** The real engines' connectors: every real engine has one (runs plan with `isRealEngine`). */
export const connectorFactories: Record<RealEngineId, Factory> = {
  openai: createOpenAiEngine,
  perplexity: createPerplexityEngine,
  anthropic: createAnthropicEngine,
  gemini: createGeminiEngine,
  exa: createExaEngine,
  grok: createGrokEngine,
  google_ai_overview: createGoogleAiOverviewEngine,
  google_ai_mode: createGoogleAiModeEngine,
  chatgpt_app: createChatGptAppEngine,
  perplexity_app: createPerplexityAppEngine,
  gemini_app: createGeminiAppEngine,
  copilot_app: createCopilotAppEngine,
};

export function hasConnector(engine: string): engine is RealEngineId {
  return Object.hasOwn(connectorFactories, engine);
}

export function createConnector(engine: RealEngineId, options: ConnectorOptions): AnswerEngine {
  return connectorFactories[engine](options);
}
