import type { LookupFunction } from "node:net";
import { Agent } from "undici";
import { checkAddress } from "./address-policy.js";
import type { FetchPolicy, ResolvedAddress } from "./safe-fetch.js";

/**
 * The connection pool of the safe fetcher: its DNS (`lookup`) answers only with the addresses
 * the fetcher resolved and checked for a host (`pinned`), checked once more, so a connection
 * can only reach an address that passed the policy. A fetch makes its own and destroys it; a
 * caller that fetches a fixed set of hosts again and again (Gemini's grounding links) keeps
 * one so its connections are reused, and closes it.
 */
export interface SafeAgent {
  dispatcher: Agent;
  pinned: Map<string, ResolvedAddress[]>;
  close(): Promise<void>;
}

export function createSafeAgent(options: {
  policy: FetchPolicy;
  timeoutMs: number;
  connectTimeoutMs: number;
  /** Certificate authorities trusted instead of the system's (tests serve their own). */
  ca?: string | undefined;
}): SafeAgent {
  const pinned = new Map<string, ResolvedAddress[]>();
  const dispatcher = new Agent({
    connect: {
      lookup: pinnedLookup(pinned, options.policy),
      ...(options.ca === undefined ? {} : { ca: options.ca }),
      timeout: options.connectTimeoutMs,
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    allowH2: false,
  });
  return { dispatcher, pinned, close: () => dispatcher.close() };
}

function pinnedLookup(pinned: Map<string, ResolvedAddress[]>, policy: FetchPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const addresses = (pinned.get(hostname.toLowerCase()) ?? []).filter(
      (entry) => checkAddress(entry.address, policy).allowed,
    );
    const first = addresses[0];
    if (first === undefined) {
      const error = Object.assign(new Error(`${hostname} was not checked`), { code: "ENOTFOUND" });
      callback(error, "", 0);
    } else if (options.all) {
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
    } else {
      callback(null, first.address, first.family);
    }
  };
}
