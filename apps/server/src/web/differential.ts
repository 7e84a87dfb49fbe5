import type { FetchFailureReason, FetchResult } from "./fetch-result.js";

/**
 * Differential blocking: the same page fetched as a browser and as a crawler. A crawler that
 * gets an error, a refusal or a much smaller page than the browser (a challenge or "access
 * denied" page) is being treated differently.
 */
export interface FetchSummary {
  ok: boolean;
  status: number | null;
  bytes: number;
  reason: FetchFailureReason | null;
}

export interface DifferentialVerdict {
  token: string;
  browser: FetchSummary;
  crawler: FetchSummary;
  /** `blocked`: the crawler is refused; `suspect`: it gets a much smaller page. */
  outcome: "same" | "blocked" | "suspect" | "page_unavailable";
  evidence: string;
}

/** Below this share of the browser's bytes, the crawler's page is suspect. */
export const suspectSizeRatio = 0.5;

export function summarizeFetch(result: FetchResult): FetchSummary {
  return result.ok
    ? { ok: true, status: result.status, bytes: result.bytes, reason: null }
    : { ok: false, status: result.status ?? null, bytes: result.bytes ?? 0, reason: result.reason };
}

export function compareFetches(
  token: string,
  browserResult: FetchResult,
  crawlerResult: FetchResult,
): DifferentialVerdict {
  const browser = summarizeFetch(browserResult);
  const crawler = summarizeFetch(crawlerResult);
  const base = { token, browser, crawler };
  if (!browser.ok)
    return {
      ...base,
      outcome: "page_unavailable",
      evidence: `A browser gets ${describe(browser)}.`,
    };
  if (!crawler.ok) {
    return {
      ...base,
      outcome: "blocked",
      evidence: `A browser gets HTTP ${browser.status}; ${token} gets ${describe(crawler)}.`,
    };
  }
  if (browser.bytes > 0 && crawler.bytes < browser.bytes * suspectSizeRatio) {
    return {
      ...base,
      outcome: "suspect",
      evidence: `${token} gets ${crawler.bytes} bytes where a browser gets ${browser.bytes}.`,
    };
  }
  return {
    ...base,
    outcome: "same",
    evidence: `Both get HTTP ${browser.status} (${browser.bytes} and ${crawler.bytes} bytes).`,
  };
}

function describe(summary: FetchSummary): string {
  if (summary.status !== null && summary.reason === "http_error") return `HTTP ${summary.status}`;
  return summary.reason ?? `HTTP ${summary.status}`;
}
