import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import { request } from "undici";
import { type Clock, systemClock } from "../clock.js";
import { checkAddress } from "./address-policy.js";
import type {
  FetchFailure,
  FetchFailureReason,
  FetchResult,
  Redirect,
  ResponseHeaders,
} from "./fetch-result.js";
import { createSafeAgent, type SafeAgent } from "./safe-agent.js";

export interface FetchPolicy {
  /** Loopback may be connected to (local mode and tests only; `config.ts` refuses it in hosted mode). */
  allowLoopback: boolean;
  /** Ports a URL may name; 80 and 443 unless configured. */
  allowedPorts: readonly number[];
}

export const hostedFetchPolicy: FetchPolicy = { allowLoopback: false, allowedPorts: [80, 443] };

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address (A and AAAA). Tests pass their own. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export interface SafeFetchOptions {
  url: string;
  policy: FetchPolicy;
  userAgent: string;
  /** `html` refuses any other content type (`not_html`); `any` takes what comes (robots.txt). */
  expect: "html" | "any";
  timeoutMs?: number;
  connectTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  resolve?: Resolver;
  clock?: Clock;
  /** Certificate authorities trusted instead of the system's (tests serve their own). */
  ca?: string;
  /**
   * A kept agent whose connections are reused (`safe-agent.ts`; its timeouts and `ca` apply,
   * not this fetch's); the fetch makes and destroys its own otherwise.
   */
  agent?: SafeAgent;
}

export const fetchDefaults = {
  timeoutMs: 15_000,
  connectTimeoutMs: 5_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
} as const;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const htmlTypes = new Set(["text/html", "application/xhtml+xml"]);

class Refusal extends Error {
  constructor(
    readonly reason: FetchFailureReason,
    message: string,
    readonly extra: Partial<FetchFailure> = {},
  ) {
    // A refusal becomes a FetchFailure result and its stack is never read: not capturing one
    // saves most of its cost (every Gemini citation's redirect ends in one).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

/**
 * GET a URL a user typed without letting it reach the server's own network: scheme and port
 * checked, every address of the host checked (`address-policy.ts`) and the connection pinned to
 * those addresses (the agent's `lookup` answers only with them, so DNS is read once per hop and
 * cannot change between check and connect), redirects followed by hand and checked again, the
 * body streamed up to a limit, everything within one total timeout.
 */
export async function safeFetch(options: SafeFetchOptions): Promise<FetchResult> {
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? fetchDefaults.timeoutMs;
  const maxRedirects = options.maxRedirects ?? fetchDefaults.maxRedirects;
  const resolve = options.resolve ?? systemResolver;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const agent =
    options.agent ??
    createSafeAgent({
      policy: options.policy,
      timeoutMs,
      connectTimeoutMs: options.connectTimeoutMs ?? fetchDefaults.connectTimeoutMs,
      ca: options.ca,
    });
  const redirects: Redirect[] = [];
  let current = options.url;
  try {
    for (;;) {
      const url = checkUrl(current, options.policy);
      const address = await pinHost(url, options.policy, resolve, agent.pinned, controller.signal);
      const response = await request(url, {
        method: "GET",
        dispatcher: agent.dispatcher,
        signal: controller.signal,
        headers: {
          "user-agent": options.userAgent,
          accept:
            options.expect === "html"
              ? "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8"
              : "text/plain,*/*;q=0.8",
          "accept-encoding": "gzip, deflate, br",
        },
      });
      const location = header(response.headers, "location");
      if (redirectStatuses.has(response.statusCode) && location !== undefined) {
        await response.body.dump();
        const next = resolveLocation(location, url);
        redirects.push({ from: url.href, to: next, status: response.statusCode });
        if (redirects.length > maxRedirects) {
          throw new Refusal(
            "too_many_redirects",
            `The page redirected more than ${maxRedirects} times.`,
          );
        }
        current = next;
        continue;
      }
      const contentType = header(response.headers, "content-type") ?? null;
      const base = { status: response.statusCode, headers: response.headers };
      const maxBytes = options.maxBytes ?? fetchDefaults.maxBytes;
      if (Number(header(response.headers, "content-length") ?? 0) > maxBytes) {
        discard(response.body);
        throw new Refusal("too_large", tooLargeMessage(maxBytes), base);
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        const body = await readBody(response.body, response.headers, maxBytes).catch(() => null);
        throw new Refusal("http_error", `The server answered HTTP ${response.statusCode}.`, {
          ...base,
          bytes: body?.length ?? 0,
        });
      }
      const mime = contentType?.split(";")[0]?.trim().toLowerCase();
      if (options.expect === "html" && mime !== undefined && !htmlTypes.has(mime)) {
        discard(response.body);
        throw new Refusal("not_html", `The address serves ${mime}, not an HTML page.`, base);
      }
      const body = await readBody(response.body, response.headers, maxBytes);
      return {
        ok: true,
        url: options.url,
        finalUrl: url.href,
        status: response.statusCode,
        headers: response.headers,
        contentType,
        body,
        bytes: body.length,
        redirects,
        address,
        fetchedAt: clock.now(),
      };
    }
  } catch (error) {
    const refusal =
      error instanceof Refusal || !timedOut
        ? toRefusal(error, options.maxBytes ?? fetchDefaults.maxBytes)
        : new Refusal(
            "timeout",
            `The page did not arrive within ${timeoutMs / 1000} ${timeoutMs === 1000 ? "second" : "seconds"}.`,
          );
    return {
      ok: false,
      reason: refusal.reason,
      message: refusal.message,
      url: options.url,
      failedUrl: current,
      redirects,
      ...refusal.extra,
      fetchedAt: clock.now(),
    };
  } finally {
    clearTimeout(timer);
    if (agent !== options.agent) agent.dispatcher.destroy().catch(() => {});
  }
}

function checkUrl(text: string, policy: FetchPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Refusal("unsupported_url", "This is not a valid web address.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Refusal("unsupported_url", "Only http and https addresses can be fetched.");
  if (url.username !== "" || url.password !== "")
    throw new Refusal("unsupported_url", "Addresses with a user name or password are not fetched.");
  const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
  if (!policy.allowedPorts.includes(port))
    throw new Refusal(
      "unsupported_url",
      `Port ${port} is not fetched; only ports ${policy.allowedPorts.join(", ")} are.`,
    );
  return url;
}

/** Resolves the URL's host once, refuses it if any address is refused, pins the addresses. */
async function pinHost(
  url: URL,
  policy: FetchPolicy,
  resolve: Resolver,
  pinned: Map<string, ResolvedAddress[]>,
  signal: AbortSignal,
): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal !== 0) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    addresses = await abortable(resolve(host), signal).catch((error: unknown) => {
      if (signal.aborted) throw error;
      throw new Refusal("dns_failure", `The name ${host} could not be resolved.`);
    });
    if (addresses.length === 0)
      throw new Refusal("dns_failure", `The name ${host} has no address.`);
  }
  for (const { address } of addresses) {
    const verdict = checkAddress(address, policy);
    if (!verdict.allowed) {
      // The range, never the address: a name's internal address is not told to whoever typed it.
      throw new Refusal(
        "blocked_address",
        `${host} points to ${verdict.label}, which is never fetched.`,
        { range: verdict.range },
      );
    }
  }
  pinned.set(host.toLowerCase(), addresses);
  return addresses[0]?.address ?? host;
}

async function readBody(body: Readable, headers: ResponseHeaders, maxBytes: number) {
  const encoding = header(headers, "content-encoding")?.trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : undefined;
  const source: Readable = decoder ? pipeline(body, decoder, () => {}) : body;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      discard(source);
      discard(body);
      throw new Refusal("too_large", tooLargeMessage(maxBytes));
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function toRefusal(error: unknown, maxBytes: number): Refusal {
  if (error instanceof Refusal) return error;
  const code = (error as { code?: string }).code ?? "";
  if (code === "UND_ERR_CONNECT_TIMEOUT" || code.endsWith("_TIMEOUT"))
    return new Refusal("timeout", "The server did not answer in time.");
  if (code === "UND_ERR_RES_EXCEEDED_MAX_SIZE")
    return new Refusal("too_large", tooLargeMessage(maxBytes));
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return new Refusal("dns_failure", "The name could not be resolved.");
  const known =
    connectionMessages[code] ?? (/CERT|SSL|TLS/.test(code) ? connectionMessages.TLS : undefined);
  const detail = code === "" ? (error as Error).message : code;
  return new Refusal(
    "connection_failed",
    known ?? `The connection to the server failed (${detail}).`,
    { detail },
  );
}

const connectionMessages: Record<string, string> = {
  ECONNREFUSED: "The server refused the connection.",
  ECONNRESET: "The server closed the connection.",
  UND_ERR_SOCKET: "The server closed the connection.",
  EHOSTUNREACH: "The server cannot be reached.",
  ENETUNREACH: "The server cannot be reached.",
  TLS: "The server's certificate is not valid for this address.",
};

function tooLargeMessage(maxBytes: number): string {
  return `The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new Refusal("unsupported_url", "The page redirected to an invalid address.");
  }
}

function header(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Drops a body not read to the end (its abort error is expected, not a fault). */
function discard(stream: Readable): void {
  stream.on("error", () => {});
  stream.destroy();
}
