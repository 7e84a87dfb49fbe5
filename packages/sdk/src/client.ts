import type { paths } from "@geopulse/api-types";
import createOpenApiClient, { type Client } from "openapi-fetch";
import { ConnectionError, errorFromResponse, GeoPulseError } from "./errors.js";
import { idempotencyMiddleware, randomKey } from "./idempotency.js";
import { type RetryOptions, retryingFetch } from "./retrying-fetch.js";

export const defaultBaseUrl = "https://api.geopulse.app";
export const sdkVersion = "1.0.0";

export interface ClientOptions {
  /** `gp_live_…`; sent as a bearer token. */
  apiKey?: string | undefined;
  /** The API's address (default: the hosted service). */
  baseUrl?: string | undefined;
  /** Retries after the first attempt for retryable failures (default 2; 0 disables). */
  maxRetries?: number;
  /** Per-attempt timeout in ms (default 60,000). */
  timeoutMs?: number;
  /** Added to the User-Agent, e.g. "my-app/1.2". */
  userAgent?: string;
  /** Custom fetch (default: the global one). */
  fetch?: typeof fetch;
  /** Testing hooks: how to wait between retries, and the jitter source. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Generates idempotency keys (default: random UUIDs). */
  idempotencyKey?: () => string;
  /**
   * Whether a browser sends its cookies (fetch's `credentials`). A page served by the API
   * calls without `apiKey` and is authenticated by its session cookie: `"same-origin"` (the
   * default of fetch) or `"include"` for another origin the API allows.
   */
  credentials?: RequestCredentials;
}

export type RawClient = Client<paths, "application/json">;

/** The retry settings of the client's options, with their defaults. */
export function retryOptionsOf(options: ClientOptions): RetryOptions {
  return {
    maxRetries: options.maxRetries ?? 2,
    baseDelayMs: 500,
    maxDelayMs: 20_000,
    timeoutMs: options.timeoutMs ?? 60_000,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
    fetch: options.fetch ?? globalThis.fetch,
  };
}

/** The typed openapi-fetch client with auth, retries and idempotency keys. */
export function createRawClient(options: ClientOptions = {}): RawClient {
  const retry = retryOptionsOf(options);
  const client = createOpenApiClient<paths, "application/json">({
    baseUrl: (options.baseUrl ?? defaultBaseUrl).replace(/\/$/, ""),
    fetch: retryingFetch(retry),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const userAgent = `geopulse-sdk-node/${sdkVersion}${options.userAgent ? ` ${options.userAgent}` : ""}`;
  client.use({
    onRequest({ request }) {
      request.headers.set("user-agent", userAgent);
      if (options.apiKey) request.headers.set("authorization", `Bearer ${options.apiKey}`);
      return request;
    },
  });
  // Web Crypto: the same in Node and in browsers (the web dashboard uses this SDK).
  client.use(idempotencyMiddleware(options.idempotencyKey ?? randomKey));
  return client;
}

interface RawResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a call, or its typed error thrown. */
export async function unwrap<T>(call: Promise<RawResult<T>>): Promise<T> {
  return (await unwrapWithResponse(call)).data;
}

/** The data of a call with its response (for its headers), or its typed error thrown. */
export async function unwrapWithResponse<T>(
  call: Promise<RawResult<T>>,
): Promise<{ data: T; response: Response }> {
  let result: RawResult<T>;
  try {
    result = await call;
  } catch (error) {
    // The caller's own abort (an AbortSignal it passed) stays an AbortError.
    if (error instanceof GeoPulseError || isAbortError(error)) throw error;
    throw new ConnectionError(`Could not reach the GEO Pulse API: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (!result.response.ok) throw errorFromResponse(result.response, result.error);
  return { data: result.data as T, response: result.response };
}

/** An abort the caller asked for (a timeout is a TimeoutError, reported as a ConnectionError). */
export function isAbortError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === "AbortError";
}
