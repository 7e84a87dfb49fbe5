import { EngineError } from "../engine.js";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What every connector is created from. */
export interface ConnectorOptions {
  apiKey: string;
  /** The provider's API root, without a trailing slash (an env override in tests). */
  baseUrl: string;
  fetch?: FetchLike | undefined;
  /** Per request; a timeout is a retryable failure. */
  timeoutMs: number;
}

export interface PostJsonOptions {
  /** Human name of the provider, for messages ("OpenAI"). */
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  options: ConnectorOptions;
  signal?: AbortSignal | undefined;
}

/** The longest wait a provider's Retry-After is allowed to impose on a run. */
const maxRetryAfterSeconds = 120;

/**
 * POSTs JSON to a provider and returns its JSON answer, or throws an
 * EngineError: 429 and 5xx, network failures and timeouts are retryable (429
 * with the provider's Retry-After), other 4xx are not. Messages never carry
 * the key: an authentication failure says so without echoing the provider's
 * text, and every other provider message is redacted of it.
 */
export async function postJson<T>({
  provider,
  url,
  headers,
  body,
  options,
  signal,
}: PostJsonOptions): Promise<T> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: combined,
    });
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw new EngineError(`${provider} request was cancelled.`, false);
    if (timeout.aborted) {
      throw new EngineError(
        `${provider} did not answer within ${Math.round(options.timeoutMs / 1000)} s.`,
        true,
      );
    }
    const reason = error instanceof Error ? (error.cause ?? error) : error;
    const detail = reason instanceof Error ? reason.message : String(reason);
    throw new EngineError(
      `${provider} could not be reached: ${redact(detail, options.apiKey)}`,
      true,
    );
  }
  if (response.ok) {
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new EngineError(
        `${provider} answered ${response.status} with a body that is not JSON.`,
        true,
      );
    }
  }
  const status = response.status;
  if (status === 401 || status === 403) {
    throw new EngineError(
      `${provider} rejected the API key (${status}); check the stored credential or the operator key.`,
      false,
    );
  }
  const detail = providerMessage(text, options.apiKey);
  const suffix = detail ? `: ${detail}` : ".";
  if (status === 429) {
    const retryAfter = parseRetryAfter(response.headers.get("retry-after")) ?? bodyRetryDelay(text);
    throw new EngineError(
      `${provider} is rate limiting requests (429)${suffix}`,
      true,
      retryAfter,
      true,
    );
  }
  if (status >= 500 || status === 408 || status === 409) {
    throw new EngineError(`${provider} failed with ${status}${suffix}`, true);
  }
  throw new EngineError(`${provider} refused the request (${status})${suffix}`, false);
}

/** Retry-After as seconds (delta or HTTP date), capped; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  let seconds: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    seconds = Math.max(0, Math.ceil((at - now) / 1000));
  }
  return Math.min(seconds, maxRetryAfterSeconds);
}

/** The provider's own error message from its JSON body, short and without the key. */
function providerMessage(text: string, apiKey: string): string {
  let message = "";
  try {
    const parsed = JSON.parse(text) as unknown;
    message = findMessage(parsed) ?? "";
  } catch {
    message = text;
  }
  return redact(message.replace(/\s+/g, " ").trim(), apiKey).slice(0, 300);
}

function findMessage(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (!value || typeof value !== "object") return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ["error", "message", "detail", "error_message"]) {
    const found = findMessage(record[key]);
    if (found) return found;
  }
  return undefined;
}

/** Removes the key, and anything shaped like a provider key, from text. */
export function redact(text: string, apiKey: string): string {
  let out = text;
  if (apiKey.length >= 4) out = out.split(apiKey).join("[redacted]");
  return out.replace(/\b(sk|pplx|AIza|exa)[-_A-Za-z0-9*]{6,}/g, "[redacted]");
}

/** Google APIs put the wait in the body: `error.details[].retryDelay: "30s"`. */
function bodyRetryDelay(text: string): number | undefined {
  const match = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(text);
  return match?.[1] ? Math.min(Math.ceil(Number(match[1])), maxRetryAfterSeconds) : undefined;
}
