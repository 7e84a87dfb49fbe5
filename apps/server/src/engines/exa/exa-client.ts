import { Exa } from "exa-js";
import type { ConnectorOptions } from "../connectors/connector-options.js";

/**
 * The official Exa client. It does not retry; it takes no timeout or signal,
 * so callProvider stops waiting for it (its request is left to finish).
 */
export function createExaClient(options: ConnectorOptions): Exa {
  return new Exa(options.apiKey, options.baseUrl.replace(/\/+$/, ""));
}
