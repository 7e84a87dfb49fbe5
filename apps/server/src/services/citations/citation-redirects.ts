import { LRUCache } from "lru-cache";
import { parse } from "tldts";
import type { Clock } from "../../clock.js";
import type { EngineCitation } from "../../engines/engine.js";
import { browserUserAgent } from "../../web/crawlers.js";
import { readRedirectTarget } from "../../web/read-redirect-target.js";
import { createSafeAgent, type SafeAgent } from "../../web/safe-agent.js";
import type { FetchPolicy, Resolver } from "../../web/safe-fetch.js";

/** A citation as stored: `url` the cited page, `engineUrl` the engine's link when it was a redirect to it. */
export interface ResolvedCitation {
  url: string;
  title: string | null;
  engineUrl: string | null;
}

/** Links resolved at once per answer; the rest of a longer list falls back to their titles. */
const MAX_RESOLVED_PER_ANSWER = 40;
const PARALLEL_REQUESTS = 8;

/**
 * Turns an engine's redirect links into the pages they cite, when the answer is stored. Gemini's
 * grounding chunks link `https://vertexaisearch.cloud.google.com/grounding-api-redirect/…`,
 * which would file every Gemini citation under google.com: each such link (a configured host
 * and that path) is read once through the safe fetcher without following it, and its
 * `Location` becomes the citation's URL. When it cannot be read (it failed, timed out, or
 * answered no redirect) and the engine's title is a host name (Gemini puts the source's domain
 * there), the URL is that site's root; otherwise the link stays as it is. The engine's link is
 * kept as `engineUrl` either way. Targets are cached by link (a link always names one page).
 * The reads share one kept-alive pool (the links are on a few hosts), so a run does not open,
 * and in production handshake, a connection per citation.
 */
export class CitationRedirects {
  private readonly hosts: ReadonlySet<string>;
  private readonly targets = new LRUCache<string, string>({ max: 10_000 });
  private readonly agent: SafeAgent;

  constructor(
    private readonly options: {
      hosts: readonly string[];
      timeoutMs: number;
      policy: FetchPolicy;
      clock: Clock;
      resolve?: Resolver;
    },
  ) {
    this.hosts = new Set(options.hosts.map((h) => h.toLowerCase()));
    this.agent = createSafeAgent({
      policy: options.policy,
      timeoutMs: options.timeoutMs,
      connectTimeoutMs: options.timeoutMs,
    });
  }

  /** Closes the kept connections. */
  close(): Promise<void> {
    return this.agent.close();
  }

  /** Whether a URL is an engine's redirect link this resolver reads. */
  isRedirectLink(url: string): boolean {
    const parsed = URL.parse(url);
    return (
      parsed !== null &&
      this.hosts.has(parsed.hostname.toLowerCase()) &&
      parsed.pathname.startsWith("/grounding-api-redirect/")
    );
  }

  /**
   * The answer's citations in order, each redirect link resolved, one per resolved URL (the
   * engine links each chunk separately, so two links may name one page); never throws.
   */
  async resolve(citations: readonly EngineCitation[]): Promise<ResolvedCitation[]> {
    const out: ResolvedCitation[] = citations.map((c) => ({ ...c, engineUrl: null }));
    const pending = out
      .map((citation, index) => ({ citation, index }))
      .filter(({ citation }) => this.isRedirectLink(citation.url));
    for (let start = 0; start < pending.length; start += PARALLEL_REQUESTS) {
      await Promise.all(
        pending.slice(start, start + PARALLEL_REQUESTS).map(async ({ citation, index }) => {
          const target =
            index < MAX_RESOLVED_PER_ANSWER || this.targets.has(citation.url)
              ? await this.target(citation.url)
              : undefined;
          const url = target ?? siteOf(citation.title);
          if (url !== undefined)
            out[index] = { url, title: citation.title, engineUrl: citation.url };
        }),
      );
    }
    const seen = new Set<string>();
    return out.filter((c) => !seen.has(c.url) && seen.add(c.url));
  }

  private async target(link: string): Promise<string | undefined> {
    const cached = this.targets.get(link);
    if (cached !== undefined) return cached;
    const target = await readRedirectTarget({
      url: link,
      policy: this.options.policy,
      userAgent: browserUserAgent,
      timeoutMs: this.options.timeoutMs,
      clock: this.options.clock,
      agent: this.agent,
      ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
    });
    // A link that points back to a redirect host resolved to nothing new.
    if (target === undefined || this.isRedirectLink(target)) return undefined;
    this.targets.set(link, target);
    return target;
  }
}

/** `https://<host>/` when a title is a host name under a public suffix, e.g. "example.com". */
function siteOf(title: string | null): string | undefined {
  const text = title?.trim().toLowerCase() ?? "";
  if (!/^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/.test(text) || !text.includes("."))
    return undefined;
  const parsed = parse(text);
  return parsed.isIcann && parsed.domain && parsed.hostname === text
    ? `https://${text}/`
    : undefined;
}
