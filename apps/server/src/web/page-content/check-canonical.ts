import { getDomain } from "tldts";
import type { PageCheck } from "../page-check.js";
import type { ContentCheckInput } from "./types.js";

function withoutHash(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = "";
  return copy.href;
}

/**
 * `understanding.canonical`: one `<link rel="canonical">`, absolute, http(s), and naming this
 * page (or this page without its query); another URL on the site or another site is a warning
 * (engines then cite that URL), conflicting or unusable canonicals a failure.
 */
export function checkCanonical({ facts, url }: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.canonical",
    category: "understanding",
    title: "Canonical URL",
    severity: "medium",
  } as const;
  const page = new URL(url);
  const suggested = `<link rel="canonical" href="${withoutHash(page)}">`;
  const distinct = [...new Set(facts.canonicals)];
  const evidence = distinct.map((href) => ({ label: "canonical", value: href }));
  if (distinct.length === 0) {
    return {
      ...base,
      status: "warn",
      summary: "The page declares no canonical URL, so engines pick the URL to cite themselves.",
      evidence: [{ label: "canonical", value: '(no <link rel="canonical">)' }],
      fix: `Add ${suggested} to the <head>.`,
    };
  }
  if (distinct.length > 1) {
    return {
      ...base,
      status: "fail",
      summary: `The page declares ${distinct.length} different canonical URLs; engines ignore conflicting canonicals.`,
      evidence,
      fix: "Keep one canonical link, pointing to the URL you want cited.",
    };
  }
  const raw = distinct[0] as string;
  const resolved =
    raw !== "" && URL.canParse(raw, facts.baseUrl) ? new URL(raw, facts.baseUrl) : null;
  if (resolved === null || !["http:", "https:"].includes(resolved.protocol)) {
    return {
      ...base,
      status: "fail",
      summary: "The canonical link is empty or not a web address.",
      evidence,
      fix: `Replace it with ${suggested}.`,
    };
  }
  if (!/^https?:\/\//i.test(raw)) {
    return {
      ...base,
      status: "warn",
      summary: `The canonical URL is relative; it resolves to ${resolved.href}, but absolute URLs are read reliably.`,
      evidence,
      fix: `Write the canonical as an absolute URL: <link rel="canonical" href="${resolved.href}">.`,
    };
  }
  const target = withoutHash(resolved);
  const self = withoutHash(page);
  const withoutQuery = new URL(self);
  withoutQuery.search = "";
  if (target === self || (page.search !== "" && target === withoutQuery.href)) {
    return {
      ...base,
      status: "pass",
      summary: "The canonical URL is absolute and names this page.",
      evidence,
      fix: null,
    };
  }
  const sameSite =
    (getDomain(resolved.hostname) ?? resolved.hostname) ===
    (getDomain(page.hostname) ?? page.hostname);
  return {
    ...base,
    status: "warn",
    summary: sameSite
      ? `The canonical points to another URL of the site (${resolved.href}); engines will cite that URL instead of this one.`
      : `The canonical points to another site (${resolved.hostname}); engines will credit that site with this content.`,
    evidence: [...evidence, { label: "page", value: self }],
    fix: sameSite
      ? `If this page is the one to cite, use ${suggested}; otherwise nothing to change.`
      : `Unless the content is syndicated from ${resolved.hostname}, use ${suggested}.`,
  };
}
