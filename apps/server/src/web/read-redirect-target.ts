import type { Clock } from "../clock.js";
import type { SafeAgent } from "./safe-agent.js";
import { type FetchPolicy, type Resolver, safeFetch } from "./safe-fetch.js";

/**
 * Where a redirect link points, without following it: one GET through the safe fetcher (its
 * address checks, one total timeout), the `Location` of a 3xx answer as an absolute http(s)
 * URL. Undefined when the link answers anything else, fails or times out. The target itself is
 * never requested.
 */
export async function readRedirectTarget(options: {
  url: string;
  policy: FetchPolicy;
  userAgent: string;
  timeoutMs: number;
  clock: Clock;
  resolve?: Resolver;
  /** Connections kept between reads (the safe fetcher's own agent otherwise). */
  agent?: SafeAgent;
}): Promise<string | undefined> {
  const result = await safeFetch({
    url: options.url,
    policy: options.policy,
    userAgent: options.userAgent,
    expect: "any",
    timeoutMs: options.timeoutMs,
    connectTimeoutMs: options.timeoutMs,
    maxBytes: 64 * 1024,
    // The first hop is recorded before the fetcher refuses to take it.
    maxRedirects: 0,
    clock: options.clock,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...(options.agent ? { agent: options.agent } : {}),
  });
  const target = result.redirects[0]?.to;
  if (target === undefined) return undefined;
  const protocol = URL.parse(target)?.protocol;
  return protocol === "http:" || protocol === "https:" ? target : undefined;
}
