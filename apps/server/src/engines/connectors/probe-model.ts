import type { CatalogModel } from "../catalog/model-catalog.js";
import { EngineError } from "../engine.js";
import { REAL_ENGINES, type RealEngineId } from "../engine-registry.js";
import { createAnthropicClient } from "./anthropic-client.js";
import type { ConnectorOptions } from "./connector-options.js";
import { createGeminiClient } from "./gemini-client.js";
import { createOpenAiClient } from "./openai-client.js";
import { callProvider } from "./provider-call.js";
import { joinVersioned } from "./url.js";

/**
 * Whether the provider serves a model, by its cheapest call (reading the model, which costs
 * nothing): `served`; `refused`, the provider said no (404 for a retired or unknown model, or
 * a refused key), in its words; `unknown`, it could not be asked (timeout, 5xx, rate limit);
 * `unchecked`, it has no such call (Perplexity, Exa).
 */
export type ModelProbe =
  | { outcome: "served" | "unchecked" }
  | { outcome: "refused"; message: string }
  | { outcome: "unknown"; message: string };

export async function probeModel(
  provider: RealEngineId,
  options: ConnectorOptions,
  model: CatalogModel,
): Promise<ModelProbe> {
  const read = modelReader(provider, options, model.apiModel);
  if (!read) return { outcome: "unchecked" };
  try {
    await callProvider({ provider: REAL_ENGINES[provider].providerName, options, call: read });
    return { outcome: "served" };
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    return { outcome: error.retryable ? "unknown" : "refused", message: error.message };
  }
}

/** GET of one model: OpenAI /v1/models/{id}, Anthropic /v1/models/{id}, Gemini /v1beta/models/{id}. */
function modelReader(
  provider: RealEngineId,
  options: ConnectorOptions,
  apiModel: string,
): ((signal: AbortSignal) => Promise<unknown>) | undefined {
  if (provider === "openai") {
    const client = createOpenAiClient(options, joinVersioned(options.baseUrl, "v1", ""));
    return (signal) => client.models.retrieve(apiModel, { signal });
  }
  if (provider === "anthropic") {
    const client = createAnthropicClient(options);
    return (signal) => client.models.retrieve(apiModel, {}, { signal });
  }
  if (provider === "gemini") {
    const client = createGeminiClient(options);
    return (signal) => client.models.get({ model: apiModel, config: { abortSignal: signal } });
  }
  return undefined;
}
