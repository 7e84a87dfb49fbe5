import { parseRetryAfter } from "./errors.js";

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries: number;
  /** First backoff in ms, doubled each retry, with full jitter (default 500). */
  baseDelayMs: number;
  /** Upper bound of one wait in ms (default 20,000). */
  maxDelayMs: number;
  /** Per-attempt timeout in ms (default 60,000). */
  timeoutMs: number;
  /** How to wait; tests pass one that does not sleep. */
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  fetch: typeof fetch;
}

const idempotentMethods = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
export const retryableHeader = "x-geopulse-retryable";

/** Whether a request may be sent again: safe methods, or a POST carrying an idempotency key. */
function mayRetry(request: Request): boolean {
  return idempotentMethods.has(request.method) || request.headers.get(retryableHeader) === "1";
}

function shouldRetryStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || (status >= 500 && status !== 501);
}

/** Exponential backoff with full jitter, or the server's Retry-After when it says. */
export function backoffMs(
  attempt: number,
  options: RetryOptions,
  retryAfterSeconds?: number,
): number {
  if (retryAfterSeconds !== undefined)
    return Math.min(retryAfterSeconds * 1000, options.maxDelayMs);
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return Math.round(options.random() * ceiling);
}

/**
 * A fetch that retries network errors, 408, 409 (idempotency in flight), 429
 * and 5xx, for requests that may be repeated. Each attempt sends a clone of
 * the same request, so a POST's idempotency key is reused across retries.
 */
export function retryingFetch(options: RetryOptions): (request: Request) => Promise<Response> {
  // Called unbound: a browser's fetch throws "Illegal invocation" when `this` is not the window.
  const send = options.fetch;
  return async (input: Request) => {
    const retryable = mayRetry(input);
    const headers = new Headers(input.headers);
    headers.delete(retryableHeader);
    const template = new Request(input, { headers });
    const caller = template.signal;
    const streaming = (template.headers.get("accept") ?? "").includes("text/event-stream");
    for (let attempt = 0; ; attempt++) {
      const last = !retryable || attempt >= options.maxRetries;
      const timeout = attemptTimeout(caller, options.timeoutMs, streaming);
      try {
        const response = await send(template.clone(), {
          signal: timeout.signal,
        } as RequestInit);
        timeout.headersArrived();
        if (last || !shouldRetryStatus(response.status)) return response;
        const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
        await response.body?.cancel();
        await options.sleep(backoffMs(attempt, options, retryAfter));
      } catch (error) {
        timeout.headersArrived();
        // The caller's abort is final, never retried.
        if (last || caller.aborted) throw error;
        await options.sleep(backoffMs(attempt, options));
      }
    }
  };
}

/**
 * The signal of one attempt: the caller's abort, and the per-attempt timeout of
 * the whole exchange, or for an event stream only of the wait for its headers
 * (the stream's reader then watches for silence instead). One controller that
 * the caller's signal forwards to: a signal from `AbortSignal.any` is held
 * weakly by fetch and could be collected in the middle of a long stream.
 */
function attemptTimeout(caller: AbortSignal, ms: number, streaming: boolean) {
  const controller = new AbortController();
  const forward = () => controller.abort(caller.reason);
  if (caller.aborted) forward();
  else caller.addEventListener("abort", forward, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException("The operation timed out.", "TimeoutError")),
    ms,
  );
  // Node's timers have unref (an idle process may exit); a browser's timer is a number.
  (timer as { unref?: () => void }).unref?.();
  return {
    signal: controller.signal,
    headersArrived: () => {
      if (streaming) clearTimeout(timer);
    },
  };
}
