import Anthropic from "@anthropic-ai/sdk";
import type { ConnectorOptions } from "./connector-options.js";

/** The official Anthropic client: retries off (the one retry policy decides), the connector's timeout. */
export function createAnthropicClient(options: ConnectorOptions): Anthropic {
  return new Anthropic({
    apiKey: options.apiKey,
    authToken: null,
    // The client adds /v1 itself.
    baseURL: options.baseUrl.replace(/\/+$/, "").replace(/\/v1$/, ""),
    timeout: options.timeoutMs,
    maxRetries: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
