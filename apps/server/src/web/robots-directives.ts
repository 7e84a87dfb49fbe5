import { Parser } from "htmlparser2";
import type { Crawler } from "./crawlers.js";
import type { ResponseHeaders } from "./fetch-result.js";

/**
 * Page-level directives: `<meta name="robots|googlebot|gptbot…" content="…">` and the
 * `X-Robots-Tag` header (`noindex`, or `googlebot: noindex, nosnippet` for one crawler). The
 * directives that keep a page out of AI answers are reported; others are kept as read.
 */
export const watchedDirectives = ["noindex", "nosnippet", "noai", "noimageai", "none"] as const;
export type WatchedDirective = (typeof watchedDirectives)[number];

export interface DirectiveSource {
  source: "meta" | "header";
  /** `robots` (every crawler) or the crawler name the directive is addressed to. */
  target: string;
  directives: string[];
  /** The tag or header line as found. */
  evidence: string;
}

/** Directive names that take a value after a colon (so `max-snippet: 0` is not a bot name). */
const valued = new Set([
  "max-snippet",
  "max-image-preview",
  "max-video-preview",
  "unavailable_after",
]);

export function readMetaRobots(html: string): DirectiveSource[] {
  const found: DirectiveSource[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== "meta") return;
        const target = attributes.name?.trim().toLowerCase();
        const content = attributes.content;
        if (!target || content === undefined) return;
        if (target !== "robots" && !/^[a-z0-9_-]+$/.test(target)) return;
        const directives = splitDirectives(content);
        if (!isRobotsMeta(target, directives)) return;
        found.push({
          source: "meta",
          target,
          directives,
          evidence: `<meta name="${attributes.name}" content="${content}">`,
        });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** A meta name other than `robots` counts when it carries robots directives (`googlebot`…). */
function isRobotsMeta(target: string, directives: string[]): boolean {
  if (target === "robots") return true;
  const known = new Set<string>([...watchedDirectives, "index", "follow", "nofollow", "all"]);
  return directives.some((directive) => known.has(directive.split(":")[0] ?? ""));
}

export function readRobotsHeaders(headers: ResponseHeaders): DirectiveSource[] {
  const raw = headers["x-robots-tag"];
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return values.map((value) => {
    const match = /^\s*([A-Za-z0-9_-]+)\s*:\s*(.*)$/.exec(value);
    const name = match?.[1]?.toLowerCase();
    if (match && name !== undefined && !valued.has(name) && !isDirective(name)) {
      return {
        source: "header",
        target: name,
        directives: splitDirectives(match[2] ?? ""),
        evidence: `X-Robots-Tag: ${value}`,
      };
    }
    return {
      source: "header",
      target: "robots",
      directives: splitDirectives(value),
      evidence: `X-Robots-Tag: ${value}`,
    };
  });
}

function isDirective(name: string): boolean {
  return (
    (watchedDirectives as readonly string[]).includes(name) ||
    ["index", "follow", "nofollow", "all", "noarchive", "notranslate", "noimageindex"].includes(
      name,
    )
  );
}

function splitDirectives(content: string): string[] {
  return content
    .split(",")
    .map((part) =>
      part
        .trim()
        .toLowerCase()
        .replace(/\s*:\s*/, ":"),
    )
    .filter(Boolean);
}

export interface CrawlerDirectives {
  token: string;
  /** The watched directives that apply to this crawler (`none` counts as `noindex`). */
  directives: WatchedDirective[];
  /** Where each came from. */
  evidence: string[];
}

/** The directives that apply to each crawler: those for every robot and those naming it. */
export function directivesFor(
  sources: readonly DirectiveSource[],
  crawlerList: readonly Crawler[],
): CrawlerDirectives[] {
  return crawlerList.map((crawler) => {
    const names = new Set(["robots", ...crawler.metaNames]);
    const applying = sources.filter((source) => names.has(source.target));
    const directives = new Set<WatchedDirective>();
    const evidence: string[] = [];
    for (const source of applying) {
      const watched = source.directives.filter((d): d is WatchedDirective =>
        (watchedDirectives as readonly string[]).includes(d),
      );
      if (watched.length === 0) continue;
      for (const directive of watched) {
        if (directive === "none") directives.add("noindex");
        else directives.add(directive);
      }
      evidence.push(source.evidence);
    }
    return {
      token: crawler.token,
      directives: watchedDirectives.filter((d) => directives.has(d)),
      evidence,
    };
  });
}
