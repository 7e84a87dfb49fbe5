import { GoogleGenAI } from "@google/genai";
import type { ConnectorOptions } from "./connector-options.js";

/**
 * The official Google Gen AI client on the Gemini API (not Vertex): the key in the
 * x-goog-api-key header, never in the URL; no timeout (callProvider's signal is the timeout) and
 * no retryOptions (the one retry policy decides).
 */
export function createGeminiClient(options: ConnectorOptions): GoogleGenAI {
  return new GoogleGenAI({
    vertexai: false,
    apiKey: options.apiKey,
    httpOptions: {
      // The client adds the API version itself.
      baseUrl: options.baseUrl.replace(/\/+$/, "").replace(/\/v1beta$/, ""),
      apiVersion: "v1beta",
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
  });
}
