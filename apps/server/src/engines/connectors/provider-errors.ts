import {
  APIError as AnthropicApiError,
  APIConnectionTimeoutError as AnthropicTimeout,
} from "@anthropic-ai/sdk";
import { ApiError as GeminiApiError } from "@google/genai";
import { ExaError } from "exa-js";
import { APIError as OpenAiApiError, APIConnectionTimeoutError as OpenAiTimeout } from "openai";
import { EngineError } from "../engine.js";
import { maxRetryAfterSeconds, parseRetryAfter } from "../retry/retry-policy.js";
import { BodyTooLargeError, ProviderHttpError } from "./provider-http-error.js";

export interface FailureContext {
  /** Human name of the provider, for messages ("OpenAI"). */
  provider: string;
  apiKey: string;
  timeoutMs: number;
  /** The caller's signal: aborted = cancelled, never retried. */
  cancelled: AbortSignal | undefined;
  /** The per-request timeout's signal: aborted = retryable. */
  timedOut: AbortSignal;
  now: Date;
}

/** An HTTP refusal as any of the SDKs reports it. */
interface HttpFailure {
  status: number;
  headers: Headers | undefined;
  /** The error body (parsed JSON where the SDK parsed it). */
  body: unknown;
}

/**
 * The one mapping from what a provider SDK throws to an EngineError: 429 and
 * 5xx, network failures and timeouts are retryable (429 with the provider's
 * Retry-After, from the header or Google's RetryInfo body), other 4xx are
 * not; a body that is not JSON is retryable. Messages never carry the key: an
 * authentication failure says so without echoing the provider's text, and
 * every other provider message is redacted of it. Anything else (a bug) is
 * rethrown as it is.
 */
export function toEngineError(error: unknown, context: FailureContext): EngineError {
  const { provider, apiKey } = context;
  if (error instanceof EngineError) return error;
  if (context.cancelled?.aborted)
    return new EngineError(`${provider} request was cancelled.`, false);
  // Ours, or the client's own timer set to the same length.
  if (
    context.timedOut.aborted ||
    error instanceof OpenAiTimeout ||
    error instanceof AnthropicTimeout
  ) {
    const seconds = Math.round(context.timeoutMs / 1000);
    return new EngineError(`${provider} did not answer within ${seconds} s.`, true);
  }
  if (error instanceof BodyTooLargeError)
    return new EngineError(`${provider} answered more than ${error.maxBytes} bytes.`, false);
  const failure = httpFailure(error);
  if (failure && failure.status >= 200 && failure.status < 300) {
    return new EngineError(
      `${provider} answered ${failure.status} with a body that is not JSON.`,
      true,
    );
  }
  if (failure) {
    const mapped = fromStatus(failure, context);
    mapped.providerRefused = failure.status >= 400 && failure.status < 500;
    return mapped;
  }
  // A streamed `error` event: the SDK throws it as an APIError without a status.
  if (error instanceof OpenAiApiError && error.error) {
    const detail = redact(findMessage(error.error) ?? "", apiKey).slice(0, 300);
    return new EngineError(
      `${provider} ended its stream with an error${detail ? `: ${detail}` : "."}`,
      true,
    );
  }
  if (error instanceof SyntaxError) {
    return new EngineError(`${provider} answered with a body that is not JSON.`, true);
  }
  if (isConnectionFailure(error)) {
    let reason: Error = error;
    while (reason.cause instanceof Error) reason = reason.cause;
    const detail = reason.message;
    return new EngineError(`${provider} could not be reached: ${redact(detail, apiKey)}`, true);
  }
  throw error;
}

function fromStatus({ status, headers, body }: HttpFailure, context: FailureContext): EngineError {
  const { provider, apiKey } = context;
  const message = findMessage(body) ?? "";
  // xAI refuses a prompt its safety checks block with a 403 (and bills a fee for it).
  if (status === 403 && /violates usage guidelines/i.test(message)) {
    return new EngineError(
      `${provider} refused the prompt under its usage guidelines (403); asking again does not help.`,
      false,
    );
  }
  if (!isQuotaExhausted(status, body) && isKeyRejected(status, message)) {
    return new EngineError(
      `${provider} rejected the API key (${status}); check the stored credential or the operator key.`,
      false,
    );
  }
  const detail = redact(message.replace(/\s+/g, " ").trim(), apiKey).slice(0, 300);
  const suffix = detail ? `: ${detail}` : ".";
  if (isQuotaExhausted(status, body)) {
    return new EngineError(
      `${provider} says the key's account has no credit left (${status})${suffix.replace(/([^.])$/, "$1.")} Add credit with ${provider} or store another key; retrying does not help.`,
      false,
      undefined,
      false,
      "quota_exhausted",
    );
  }
  if (status === 429) {
    const retryAfter =
      parseRetryAfter(headers?.get("retry-after"), context.now) ?? bodyRetryDelay(body);
    return new EngineError(
      `${provider} is rate limiting requests (429)${suffix}`,
      true,
      retryAfter,
      true,
    );
  }
  if (status >= 500 || status === 408 || status === 409) {
    return new EngineError(`${provider} failed with ${status}${suffix}`, true);
  }
  if (status === 404 || isInvalidModel(status, body)) {
    // What each provider answers for a model it retired (or never served).
    return new EngineError(
      `${provider} does not serve ${status === 404 ? "what was asked" : "the model asked"} (${status})${suffix.replace(/([^.])$/, "$1.")} If the model was retired, pick another in the workspace's measurement model; the operator's model catalog may be stale (docs/models.md).`,
      false,
    );
  }
  return new EngineError(`${provider} refused the request (${status})${suffix}`, false);
}

/**
 * A refused key: 401 and 403 (xAI's 403 for an account without credit aside), and xAI's 400
 * "Incorrect API key provided".
 */
function isKeyRejected(status: number, message: string): boolean {
  if (status === 401 || status === 403) return true;
  return status === 400 && /incorrect api key/i.test(message);
}

/**
 * An account without credit, as the providers say it: OpenAI's 429 with code or type
 * `insufficient_quota` (rate limiting has `rate_limit_exceeded`), Anthropic's 400 "Your credit
 * balance is too low to access the Anthropic API", xAI's 403 or 429 "Your team … has either
 * used all available credits or reached its monthly spending limit" and 403 "Your newly
 * created team doesn't have any credits or licenses yet".
 */
function isQuotaExhausted(status: number, body: unknown): boolean {
  const error = (body as { error?: unknown } | null)?.error ?? body;
  const fields = error && typeof error === "object" ? (error as Record<string, unknown>) : {};
  if (
    status === 429 &&
    (fields.code === "insufficient_quota" || fields.type === "insufficient_quota")
  )
    return true;
  const message = findMessage(body) ?? "";
  // 402 Payment Required (DataForSEO's billing refusal).
  if (status === 402) return true;
  if (status === 400 && /credit balance is too low/i.test(message)) return true;
  return (
    (status === 403 || status === 429) &&
    /used all available credits|monthly spending limit|doesn't have any credits/i.test(message)
  );
}

/**
 * A model the provider does not serve, answered as a 400: Perplexity's `invalid_model` ("Invalid
 * model 'x'. Permitted models can be found in the documentation …"); the others answer 404.
 */
function isInvalidModel(status: number, body: unknown): boolean {
  // The OpenAI client (Perplexity's) keeps the body's `error` object itself.
  const error = (body as { error?: unknown } | null)?.error ?? body;
  return status === 400 && (error as { type?: unknown } | null)?.type === "invalid_model";
}

function httpFailure(error: unknown): HttpFailure | undefined {
  if (error instanceof ProviderHttpError)
    return { status: error.status, headers: error.headers, body: error.body };
  if (error instanceof OpenAiApiError || error instanceof AnthropicApiError) {
    // Connection errors, timeouts and aborts are APIErrors without a status.
    if (error.status === undefined) return undefined;
    return { status: error.status, headers: error.headers, body: error.error };
  }
  // Gemini's message is the error body as JSON; it keeps no headers.
  if (error instanceof GeminiApiError) {
    return { status: error.status, headers: undefined, body: parseOr(error.message) };
  }
  // Exa's message is the body's error text; it keeps no headers either.
  if (error instanceof ExaError) {
    return { status: error.statusCode, headers: undefined, body: error.message };
  }
  // DataForSEO's client throws an ApiException (not exported) for any status but 200 and 204.
  if (isDataForSeoException(error)) {
    return {
      status: error.status,
      headers: new Headers(
        Object.entries(error.headers ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
      ),
      body: parseOr(error.response ?? ""),
    };
  }
  return undefined;
}

function isDataForSeoException(
  error: unknown,
): error is { status: number; response?: string; headers?: Record<string, unknown> } {
  const fields = error as { isApiException?: unknown; status?: unknown } | null;
  return fields?.isApiException === true && typeof fields.status === "number";
}

/** A Stainless SDK's connection error, or fetch's own "fetch failed" (Gemini, Exa). */
function isConnectionFailure(error: unknown): error is Error {
  if (error instanceof OpenAiApiError || error instanceof AnthropicApiError) return true;
  return error instanceof TypeError && error.cause !== undefined;
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function findMessage(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (!value || typeof value !== "object") return undefined;
  const record = value as Record<string, unknown>;
  for (const key of ["error", "message", "detail", "error_message", "status_message"]) {
    const found = findMessage(record[key]);
    if (found) return found;
  }
  return undefined;
}

/** Google APIs put the wait in the body: `error.details[].retryDelay: "30s"`. */
function bodyRetryDelay(body: unknown): number | undefined {
  const text = typeof body === "string" ? body : JSON.stringify(body ?? null);
  const match = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(text);
  return match?.[1] ? Math.min(Math.ceil(Number(match[1])), maxRetryAfterSeconds) : undefined;
}

/** Removes the key, and anything shaped like a provider key, from text. */
export function redact(text: string, apiKey: string): string {
  let out = text;
  if (apiKey.length >= 4) out = out.split(apiKey).join("[redacted]");
  return out.replace(/\b(sk|pplx|AIza|exa|xai)[-_A-Za-z0-9*]{6,}/g, "[redacted]");
}
