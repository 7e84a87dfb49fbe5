import robotsParserModule from "robots-parser";
import type { Crawler } from "./crawlers.js";

/**
 * What robots.txt says about a page, crawler by crawler, parsed by `robots-parser` (RFC 9309
 * matching: the most specific rule wins, `Allow` on a tie; a crawler without its own group
 * follows `*`). The evidence is the robots.txt line that decided, quoted with its number.
 */
export type RobotsFile =
  /** Fetched (2xx): its text. */
  | { state: "found"; url: string; text: string }
  /** 4xx: no rules, so everything is allowed (RFC 9309 2.3.1.3). */
  | { state: "missing"; url: string; status: number }
  /** 5xx or not reachable: crawlers assume everything is disallowed (RFC 9309 2.3.1.4). */
  | { state: "unreachable"; url: string; detail: string };

export interface RobotsVerdict {
  token: string;
  allowed: boolean;
  why: "rule" | "no_matching_rule" | "no_robots_txt" | "robots_txt_unreachable";
  /** The group that applies: the crawler's own token, `*`, or none. */
  group: string | null;
  /** The line that decided (1-based), when a rule did. */
  line: { number: number; text: string } | null;
  /** Operators say user-initiated fetchers may not follow robots.txt. */
  userInitiated: boolean;
}

// A CommonJS module whose types declare an ES default: the import is the function itself.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

/** The robots.txt address for a page: its origin's `/robots.txt`. */
export function robotsUrlFor(pageUrl: string): string {
  return new URL("/robots.txt", pageUrl).href;
}

/** RFC 9309 asks crawlers to parse at least 500 KiB; what follows is ignored, as Google does. */
const parsedBytes = 500 * 1024;

export function evaluateRobots(options: {
  pageUrl: string;
  robots: RobotsFile;
  crawlers: readonly Crawler[];
}): RobotsVerdict[] {
  const { pageUrl, robots } = options;
  if (robots.state !== "found") {
    return options.crawlers.map((crawler) => ({
      token: crawler.token,
      allowed: robots.state === "missing",
      why: robots.state === "missing" ? "no_robots_txt" : "robots_txt_unreachable",
      group: null,
      line: null,
      userInitiated: crawler.userInitiated,
    }));
  }
  const text = Buffer.from(robots.text).subarray(0, parsedBytes).toString();
  const parser = robotsParser(robots.url, text);
  const lines = text.split(/\r\n|\r|\n/);
  const groups = userAgentGroups(lines);
  // robots-parser judges only URLs of its own origin; the page may have been redirected.
  const sameOrigin = new URL(pageUrl).origin === new URL(robots.url).origin;
  const target = sameOrigin ? pageUrl : new URL(new URL(pageUrl).pathname, robots.url).href;
  return options.crawlers.map((crawler) => {
    const number = parser.getMatchingLineNumber(target, crawler.token);
    const allowed = parser.isAllowed(target, crawler.token) !== false;
    const own = groups.has(crawler.token.toLowerCase());
    return {
      token: crawler.token,
      allowed,
      why: number > 0 ? "rule" : "no_matching_rule",
      group: own ? crawler.token : groups.has("*") ? "*" : null,
      line: number > 0 ? { number, text: (lines[number - 1] ?? "").trim() } : null,
      userInitiated: crawler.userInitiated,
    };
  });
}

/** The user-agent names that have a group with at least one rule (as robots-parser reads them). */
function userAgentGroups(lines: readonly string[]): Set<string> {
  const named = new Set<string>();
  let current: string[] = [];
  let inAgents = false;
  for (const raw of lines) {
    const line = raw.replace(/#.*$/, "").trim();
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === "user-agent") {
      if (!inAgents) current = [];
      if (value !== "") current.push(value.toLowerCase().split("/")[0] ?? "");
      inAgents = true;
      continue;
    }
    inAgents = false;
    if (field === "allow" || field === "disallow") for (const agent of current) named.add(agent);
  }
  return named;
}
