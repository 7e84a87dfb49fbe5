import type { Clock } from "../../clock.js";
import type { ModelCatalog } from "../catalog/model-catalog.js";

/** What every connector is created from. */
export interface ConnectorOptions {
  apiKey: string;
  /** The provider's API root, without a trailing slash (an env override in tests). */
  baseUrl: string;
  /** Per request; a timeout is a retryable failure. */
  timeoutMs: number;
  /** Reads a Retry-After given as an HTTP date. */
  clock: Clock;
  /** Names the model sent and prices every call (config.modelCatalog). */
  catalog: ModelCatalog;
  /** Warns when a provider states a higher cost than the catalog's charge (ctx.logger). */
  logger: ConnectorLogger;
  /** What the SDKs send with (ctx.providerFetch, `provider-fetch.ts`); Node's `fetch` when absent. */
  fetch?: typeof fetch | undefined;
}

/** The part of the app's logger a connector uses. */
export interface ConnectorLogger {
  warn(details: object, message: string): void;
}
