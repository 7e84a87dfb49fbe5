import { parse } from "tldts";
import { classifyHost, type DomainTaxonomyList } from "./domain-taxonomy.js";
import type { AnalysisInput, CitationResult, DomainTaxonomy, TrackedEntity } from "./types.js";
import { normalizeUrl, type TextUrl } from "./url-normalize.js";

interface HostFacts {
  domain: string;
  entityId: string | null;
  taxonomy: DomainTaxonomy;
}

interface OwnedDomain {
  domain: string;
  entityId: string;
  isSelf: boolean;
}

/** Lower case, no scheme, path, port, trailing dot or leading `www.`. */
export function normalizeEntityDomain(raw: string): string {
  let d = raw.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  d = d
    .replace(/[/?#].*$/, "")
    .replace(/:\d+$/, "")
    .replace(/\.$/, "");
  return d.startsWith("www.") ? d.slice(4) : d;
}

const MAX_CACHED_HOSTS = 20_000;

/**
 * Classifies citation hosts for one subject: the owning entity (host equal to
 * one of its domains or a subdomain of it; the longest owned domain wins, the
 * self brand first on equal domains), then the taxonomy. Results are cached
 * per host, since a workspace cites the same few hundred hosts again and again.
 */
export function createCitationClassifier(
  entities: readonly TrackedEntity[],
  taxonomy: DomainTaxonomyList,
) {
  const owned: OwnedDomain[] = [];
  const ordered = [...entities.filter((e) => e.isSelf), ...entities.filter((e) => !e.isSelf)];
  for (const e of ordered) {
    for (const raw of e.domains) {
      const domain = normalizeEntityDomain(raw);
      if (domain.length > 0 && !owned.some((o) => o.domain === domain)) {
        owned.push({ domain, entityId: e.id, isSelf: e.isSelf });
      }
    }
  }
  owned.sort((a, b) => b.domain.length - a.domain.length);
  const cache = new Map<string, HostFacts>();

  return function classify(host: string): HostFacts {
    const cached = cache.get(host);
    if (cached) return cached;
    const parsed = parse(host, { allowPrivateDomains: true });
    // IP addresses and single-label hosts have no registrable domain: use the host.
    const domain = parsed.isIp || !parsed.domain ? host : parsed.domain;
    const owner = owned.find((o) => host === o.domain || host.endsWith(`.${o.domain}`));
    const facts: HostFacts = owner
      ? { domain, entityId: owner.entityId, taxonomy: owner.isSelf ? "owned" : "competitor" }
      : {
          domain,
          entityId: null,
          taxonomy: parsed.isIp
            ? "other"
            : classifyHost(taxonomy, host, {
                domain,
                domainWithoutSuffix: parsed.domainWithoutSuffix,
              }),
        };
    if (cache.size >= MAX_CACHED_HOSTS) cache.clear();
    cache.set(host, facts);
    return facts;
  };
}

export type CitationClassifier = ReturnType<typeof createCitationClassifier>;

/**
 * Structured citations first (provider order), then URLs written in the answer
 * (text order), distinct by normalised URL; invalid or non-http(s) URLs are
 * skipped. `textUrls`: the answer's URLs (`findUrlsInText`), which the caller
 * also uses to ignore names inside URLs.
 */
export function extractCitations(
  input: AnalysisInput,
  classify: CitationClassifier,
  textUrls: readonly TextUrl[],
): CitationResult[] {
  const out: CitationResult[] = [];
  const seen = new Set<string>();
  const add = (url: string, origin: CitationResult["origin"]) => {
    const n = normalizeUrl(url);
    if (n === null || seen.has(n.normalizedUrl)) return;
    seen.add(n.normalizedUrl);
    const facts = classify(n.host);
    out.push({
      url,
      normalizedUrl: n.normalizedUrl,
      host: n.host,
      domain: facts.domain,
      taxonomy: facts.taxonomy,
      entityId: facts.entityId,
      position: out.length,
      origin,
    });
  };
  for (const c of input.citations) add(c.url, "structured");
  for (const t of textUrls) add(t.url, "text");
  return out;
}
