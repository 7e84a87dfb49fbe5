import { Agent, interceptors, request } from "undici";

/** Statuses whose response has no body (the Fetch standard's null body statuses). */
const nullBodyStatuses = new Set([204, 205, 304]);

export interface ProviderFetch {
  /** A `fetch` for the providers' SDKs (their `fetch` option). */
  fetch: typeof fetch;
  /** Closes the kept connections. */
  close(): Promise<void>;
}

/**
 * The HTTP client the providers' official SDKs send with (OpenAI, Perplexity through it,
 * Anthropic, Gemini; each takes a `fetch`): the Fetch API's contract over undici's `request`,
 * which costs the server about half the CPU of Node's built-in `fetch` per call (its Request,
 * Response and web-stream machinery; bench/run-throughput.ts measured that at a quarter of the
 * run path's CPU). One kept-alive pool per process, responses decompressed as `fetch` would
 * (gzip, deflate, br, zstd), a network failure rejected as `fetch` rejects it (a TypeError
 * "fetch failed" with the cause; an abort with the signal's reason), the body streamed (the
 * assistant reads server-sent events from it). What this does not carry (a `Request` object, a
 * body that is a stream or form data) goes to the built-in `fetch`. Redirects are not followed
 * (the providers' API hosts answer none; a 3xx reaches the SDK as an error).
 */
export function createProviderFetch(): ProviderFetch {
  // No undici timeouts: each call's signal carries the connector's (`GEO_ENGINE_TIMEOUT_MS`),
  // as the SDKs' own fetch settings do. Error answers are decompressed too (their JSON says
  // why: quota, retry delay).
  const dispatcher = new Agent({
    keepAliveTimeout: 10_000,
    headersTimeout: 0,
    bodyTimeout: 0,
  }).compose(interceptors.decompress({ skipErrorResponses: false }));
  const providerFetch = async (
    input: string | URL | Request,
    init: RequestInit = {},
  ): Promise<Response> => {
    const body = init.body ?? undefined;
    if (
      input instanceof Request ||
      (body !== undefined && typeof body !== "string" && !(body instanceof Uint8Array))
    )
      return fetch(input, init);
    const url = String(input);
    const method = (init.method ?? "GET").toUpperCase();
    const headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br" };
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const signal = init.signal ?? undefined;
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(url, {
        method: method as never,
        headers,
        ...(body === undefined ? {} : { body }),
        ...(signal ? { signal } : {}),
        dispatcher,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new TypeError("fetch failed", { cause: error });
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
    }
    const empty = nullBodyStatuses.has(answer.statusCode) || method === "HEAD";
    if (empty) await answer.body.dump().catch(() => {});
    const response = new Response(
      empty ? null : (bodyAsFetchReads(answer.body, signal) as unknown as ResponseBody),
      {
        status: answer.statusCode,
        statusText: answer.statusText ?? "",
        headers: responseHeaders,
      },
    );
    Object.defineProperty(response, "url", { value: url });
    return response;
  };
  return { fetch: providerFetch as typeof fetch, close: () => dispatcher.close() };
}

type ResponseBody = ConstructorParameters<typeof Response>[0];

/**
 * The body's chunks, failing as a fetch body fails: with the signal's reason after an abort,
 * else a TypeError "terminated" with the cause (a connection lost mid-body), which the SDKs
 * and `provider-errors.ts` treat as a connection failure to retry.
 */
async function* bodyAsFetchReads(
  body: AsyncIterable<Uint8Array>,
  signal: AbortSignal | undefined,
): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of body) yield chunk;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new TypeError("terminated", { cause: error });
  }
}
