import { getDomain } from "tldts";
import type { PageCheck } from "../page-check.js";
import type { ContentCheckInput } from "./types.js";

/** Hosts (registrable domains, or suffixes below) taken as primary or authoritative sources. */
const AUTHORITATIVE_DOMAINS = new Set([
  "wikipedia.org",
  "wikidata.org",
  "who.int",
  "europa.eu",
  "nih.gov",
  "cdc.gov",
  "doi.org",
  "nature.com",
  "science.org",
  "sciencedirect.com",
  "springer.com",
  "wiley.com",
  "thelancet.com",
  "bmj.com",
  "nejm.org",
  "jamanetwork.com",
  "cochranelibrary.com",
  "arxiv.org",
  "acm.org",
  "ieee.org",
  "w3.org",
  "ietf.org",
  "iso.org",
  "oecd.org",
  "un.org",
  "worldbank.org",
  "imf.org",
  "reuters.com",
  "apnews.com",
]);
/** Public-sector and academic name spaces. */
const AUTHORITATIVE_SUFFIX =
  /(\.gov|\.gov\.[a-z]{2}|\.gob\.[a-z]{2}|\.gouv\.fr|\.edu|\.edu\.[a-z]{2}|\.ac\.[a-z]{2}|\.int|\.mil|\.gencat\.cat)$/;

function isAuthoritative(host: string, domain: string): boolean {
  return (
    AUTHORITATIVE_DOMAINS.has(domain) ||
    AUTHORITATIVE_SUFFIX.test(host) ||
    /^gob\.es$|\.gob\.es$/.test(host)
  );
}

function ownDomain(raw: string): string {
  const host = raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/[/:?#].*$/, "");
  return getDomain(host) ?? host;
}

/**
 * `understanding.outbound_references`: links in the main content to other sites (not the
 * page's own registrable domain, not the brand's domains). Passes with one authoritative source
 * (public sector, academic, standards bodies, major references; `AUTHORITATIVE_DOMAINS`) or two
 * other sites; warns otherwise.
 */
export function checkOutboundReferences({
  content,
  url,
  brandDomains,
}: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.outbound_references",
    category: "understanding",
    title: "Outbound references",
    severity: "low",
  } as const;
  const own = new Set([ownDomain(new URL(url).hostname), ...brandDomains.map(ownDomain)]);
  const external = new Map<string, { authoritative: boolean; href: string }>();
  for (const link of content.links) {
    if (link.href === null || !/^https?:/.test(link.href)) continue;
    const host = new URL(link.href).hostname.toLowerCase();
    const domain = getDomain(host) ?? host;
    if (own.has(domain) || external.has(domain)) continue;
    external.set(domain, { authoritative: isAuthoritative(host, domain), href: link.href });
  }
  const authoritative = [...external].filter(([, v]) => v.authoritative).map(([d]) => d);
  const evidence = [
    {
      label: "other sites linked",
      value: external.size === 0 ? "(none)" : [...external.keys()].slice(0, 10).join(", "),
    },
    {
      label: "authoritative",
      value: authoritative.length === 0 ? "(none)" : authoritative.slice(0, 10).join(", "),
    },
  ];
  if (authoritative.length > 0 || external.size >= 2) {
    return {
      ...base,
      status: "pass",
      summary: `The main content links to ${external.size} other site${external.size === 1 ? "" : "s"}, ${authoritative.length} of them authoritative.`,
      evidence,
      fix: null,
    };
  }
  return {
    ...base,
    status: "warn",
    summary:
      external.size === 0
        ? "The main content links to no other site to back its claims."
        : `The main content links to one other site (${[...external.keys()][0]}) and no authoritative source.`,
    evidence,
    fix: "Cite the sources of facts and figures with links to primary or authoritative pages (studies, official bodies, standards).",
  };
}
