import { normalizeUrl } from "../../analysis/url-normalize.js";
import type { EngineCitation } from "../engine.js";

/**
 * Citations in the order given, one per URL (its first position kept). A
 * later duplicate may still supply a title the first one lacked.
 */
export function dedupeCitations(
  citations: Array<{ url?: string | null | undefined; title?: string | null | undefined }>,
): EngineCitation[] {
  const out: EngineCitation[] = [];
  const byUrl = new Map<string, EngineCitation>();
  for (const citation of citations) {
    const url = citation.url?.trim();
    if (!url) continue;
    const title = citation.title?.trim() || null;
    const seen = byUrl.get(url);
    if (seen) {
      if (!seen.title && title) seen.title = title;
      continue;
    }
    const entry = { url, title };
    byUrl.set(url, entry);
    out.push(entry);
  }
  return out;
}

/** Most sources an answer keeps as retrieved but not cited. */
export const MAX_USED_SOURCES = 50;

/**
 * The retrieved sources not among the cited ones, one per URL, in order, at most 50. URLs are
 * compared normalised as the analysis does (a citation's `?utm_source=openai` is the same page).
 */
export function usedNotCited(
  retrieved: Array<{ url?: string | null | undefined; title?: string | null | undefined }>,
  cited: readonly EngineCitation[],
): EngineCitation[] {
  const key = (url: string) => normalizeUrl(url)?.normalizedUrl ?? url;
  const citedUrls = new Set(cited.map((c) => key(c.url)));
  return dedupeCitations(retrieved)
    .filter((s) => !citedUrls.has(key(s.url)))
    .slice(0, MAX_USED_SOURCES);
}

/** Distinct non-empty strings in their first order. */
export function distinct(values: Array<string | null | undefined>): string[] {
  return [...new Set(values.map((v) => v?.trim()).filter((v): v is string => !!v))];
}
