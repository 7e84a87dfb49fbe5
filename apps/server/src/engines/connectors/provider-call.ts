import type { z } from "zod";
import { EngineError } from "../engine.js";
import type { ConnectorOptions } from "./connector-options.js";
import { toEngineError } from "./provider-errors.js";

export interface ProviderCall<T> {
  /** Human name of the provider, for messages ("OpenAI"). */
  provider: string;
  options: ConnectorOptions;
  /** The caller's signal (a run being cancelled). */
  signal?: AbortSignal | undefined;
  /** The SDK call, given the signal that ends it (the caller's or the timeout). */
  call: (signal: AbortSignal) => Promise<T>;
}

/**
 * One request through a provider SDK, bounded by the connector's timeout and
 * the caller's signal, with every failure mapped to an EngineError. The SDKs
 * are built with their own retries off: the one retry policy decides.
 */
export async function callProvider<T>({
  provider,
  options,
  signal,
  call,
}: ProviderCall<T>): Promise<T> {
  const timedOut = AbortSignal.timeout(options.timeoutMs);
  const ended = signal ? AbortSignal.any([signal, timedOut]) : timedOut;
  try {
    return await untilAborted(call(ended), ended);
  } catch (error) {
    throw toEngineError(error, {
      provider,
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs,
      cancelled: signal,
      timedOut,
      now: options.clock.now(),
    });
  }
}

/**
 * Settles with the promise or rejects when the signal aborts, whichever is
 * first: Exa's client takes no signal, so its abandoned request is left to
 * finish on its own.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * The parts of a provider's answer a connector reads, checked: the SDK types
 * are not runtime checks, and a malformed answer must become an EngineError,
 * never a TypeError. Retryable, as a provider serving broken answers is
 * usually a passing fault (the retry policy bounds the tries).
 */
export function readAnswer<S extends z.ZodType>(
  provider: string,
  schema: S,
  value: unknown,
): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join(".") : "the body";
  throw new EngineError(
    `${provider} answered in an unexpected shape (${where}: ${issue?.message ?? "invalid"}).`,
    true,
  );
}
