import OpenAI from "openai";
import type { ConnectorOptions } from "./connector-options.js";

/**
 * The official OpenAI client, for OpenAI itself and for OpenAI-compatible
 * providers (Perplexity Sonar): retries off (the one retry policy decides),
 * the connector's timeout, and nothing read from the environment (no
 * organisation or project header sent to another provider).
 */
export function createOpenAiClient(options: ConnectorOptions, baseURL: string): OpenAI {
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL,
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    timeout: options.timeoutMs,
    maxRetries: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
