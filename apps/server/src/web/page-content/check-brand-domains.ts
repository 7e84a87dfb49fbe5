import type { PageCheck } from "../page-check.js";
import { findNames } from "./find-names.js";
import type { ContentCheckInput } from "./types.js";

function normalizeDomain(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/[/?#:].*$/, "")
    .replace(/^www\./, "")
    .replace(/\.$/, "");
}

function onDomain(host: string, domains: readonly string[]): string | null {
  const h = normalizeDomain(host);
  return domains.find((d) => h === d || h.endsWith(`.${d}`)) ?? null;
}

/**
 * `entity.brand_domains`: the page is on one of the brand's domains, or links to one (the
 * link is how engines tie a mention to the entity). Only writing the domain as text, or no
 * reference at all, warns.
 */
export function checkBrandDomains({ facts, url, brandDomains }: ContentCheckInput): PageCheck {
  const base = {
    id: "entity.brand_domains",
    category: "entity",
    title: "Brand domains referenced",
    severity: "medium",
  } as const;
  const domains = [...new Set(brandDomains.map(normalizeDomain).filter((d) => d.includes(".")))];
  if (domains.length === 0) {
    return {
      ...base,
      status: "not_applicable",
      summary: "The workspace has no brand domain.",
      evidence: [],
      fix: null,
    };
  }
  const links = facts.links.filter(
    (link) =>
      link.href !== null &&
      /^https?:/.test(link.href) &&
      onDomain(new URL(link.href).hostname, domains) !== null,
  );
  const linkEvidence = { label: "links to brand domains", value: String(links.length) };
  const host = onDomain(new URL(url).hostname, domains);
  if (host !== null) {
    return {
      ...base,
      status: "pass",
      summary: `The page is on ${host}, one of the brand's domains.`,
      evidence: [{ label: "page host", value: new URL(url).hostname }, linkEvidence],
      fix: null,
    };
  }
  if (links.length > 0) {
    return {
      ...base,
      status: "pass",
      summary: `The page links ${links.length} time${links.length === 1 ? "" : "s"} to the brand's domains.`,
      evidence: [
        linkEvidence,
        ...links.slice(0, 3).map((link) => ({ label: "link", value: link.href as string })),
      ],
      fix: null,
    };
  }
  const written = findNames({ text: facts.bodyText, names: domains.map((d) => ({ name: d })) });
  const mentioned = domains.filter((_, i) => (written[i]?.count ?? 0) > 0);
  return {
    ...base,
    status: "warn",
    summary:
      mentioned.length > 0
        ? `The page writes ${mentioned.join(", ")} but never links to it.`
        : `The page neither links to nor mentions the brand's domains (${domains.join(", ")}).`,
    evidence: [
      linkEvidence,
      { label: "written in text", value: mentioned.length === 0 ? "(none)" : mentioned.join(", ") },
    ],
    fix: `Link to https://${mentioned[0] ?? domains[0]}/ where the brand is named, so engines connect the page to the brand's site.`,
  };
}
