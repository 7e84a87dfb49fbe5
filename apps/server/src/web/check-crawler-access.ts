import type { Clock } from "../clock.js";
import { browserUserAgent, type Crawler, crawlerByToken, crawlers } from "./crawlers.js";
import { compareFetches, type DifferentialVerdict } from "./differential.js";
import type { FetchResult } from "./fetch-result.js";
import {
  type CrawlerDirectives,
  type DirectiveSource,
  directivesFor,
  readMetaRobots,
  readRobotsHeaders,
} from "./robots-directives.js";
import {
  evaluateRobots,
  type RobotsFile,
  type RobotsVerdict,
  robotsUrlFor,
} from "./robots-rules.js";
import { type FetchPolicy, type Resolver, type SafeFetchOptions, safeFetch } from "./safe-fetch.js";

export interface CrawlerAccessOptions {
  url: string;
  policy: FetchPolicy;
  /** The crawler the page is fetched as, beside the browser (default GPTBot). */
  differentialToken?: string;
  crawlers?: readonly Crawler[];
  resolve?: Resolver;
  clock?: Clock;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface CrawlerAccess {
  url: string;
  /** The page as a browser gets it (its body feeds the other checks). */
  page: FetchResult;
  /** The page as the differential crawler gets it. */
  crawlerPage: FetchResult;
  robots: { file: RobotsFile; verdicts: RobotsVerdict[] };
  directives: { sources: DirectiveSource[]; perCrawler: CrawlerDirectives[] };
  differential: DifferentialVerdict;
}

/**
 * Fetches (through the safe fetcher) the page as a browser, then its origin's robots.txt and the
 * page as a crawler, and judges access crawler by crawler. Three requests, no more.
 */
export async function checkCrawlerAccess(options: CrawlerAccessOptions): Promise<CrawlerAccess> {
  const list = options.crawlers ?? crawlers;
  const crawler = crawlerByToken(options.differentialToken ?? "GPTBot");
  if (!crawler) throw new Error(`unknown crawler ${options.differentialToken}`);
  const common: Omit<SafeFetchOptions, "url" | "userAgent" | "expect"> = {
    policy: options.policy,
    resolve: options.resolve,
    clock: options.clock,
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
  };
  const page = await safeFetch({
    ...common,
    url: options.url,
    userAgent: browserUserAgent,
    expect: "html",
  });
  const pageUrl = page.ok ? page.finalUrl : options.url;
  const [robotsResult, crawlerPage] = await Promise.all([
    safeFetch({
      ...common,
      url: robotsUrlFor(pageUrl),
      userAgent: crawler.userAgent,
      expect: "any",
    }),
    safeFetch({ ...common, url: options.url, userAgent: crawler.userAgent, expect: "html" }),
  ]);
  const file = robotsFile(robotsUrlFor(pageUrl), robotsResult);
  const seen = crawlerPage.ok ? crawlerPage : page;
  const sources = seen.ok
    ? [...readRobotsHeaders(seen.headers), ...readMetaRobots(seen.body.toString("utf8"))]
    : [];
  return {
    url: options.url,
    page,
    crawlerPage,
    robots: { file, verdicts: evaluateRobots({ pageUrl, robots: file, crawlers: list }) },
    directives: { sources, perCrawler: directivesFor(sources, list) },
    differential: compareFetches(crawler.token, page, crawlerPage),
  };
}

/** A robots.txt fetch as RFC 9309 reads it: 2xx rules, 4xx none, anything else unreachable. */
export function robotsFile(url: string, result: FetchResult): RobotsFile {
  if (result.ok) return { state: "found", url, text: result.body.toString("utf8") };
  if (result.reason === "http_error" && result.status !== undefined && result.status < 500)
    return { state: "missing", url, status: result.status };
  return { state: "unreachable", url, detail: result.message };
}
