import type { Rng } from "../../prng.js";
import type { EngineCitation } from "../engine.js";
import type { PoolEntry } from "./source-pool.js";

/** Fixed calendar year used in dated paths and queries (no clock: answers stay deterministic). */
export const SIMULATED_YEAR = 2026;

export interface SlugSource {
  /** All prompt words, ASCII lower case (at most 10). */
  words: readonly string[];
  /** Content words, ASCII lower case (at least one, at most 5). */
  keywords: readonly string[];
  /** Entities a review page may be about, preferred first. */
  entities: ReadonlyArray<{ name: string; slug: string; domain: string | null }>;
}

const ID36 = "abcdefghijklmnopqrstuvwxyz0123456789";
const YT = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
const SUBREDDITS = ["SaaS", "startups", "marketing", "smallbusiness", "Entrepreneur", "sysadmin"];
const HANDLES = ["techreviewer", "saas_weekly", "growthdaily", "devtoolsnews", "productfolk"];
const AUTHORS = ["maria-lopez", "james-carter", "anna-schmidt", "david-chen", "laura-martin"];
const TRACKING: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["utm_medium", ["referral", "organic", "ai"]],
  ["utm_campaign", ["geo", "ai-answers", "spring-launch"]],
  ["ref", ["chatgpt", "producthunt", "newsletter"]],
];

/** "customer_relationship" style pieces: ASCII, lower case, no diacritics. */
export function asciiWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

const cap = (w: string) => (w.length === 0 ? w : w[0]?.toUpperCase() + w.slice(1));
const pad2 = (n: number) => String(n).padStart(2, "0");
const digits = (rng: Rng, n: number) => String(rng.int(1, 9)) + rng.chars("0123456789", n - 1);

function datePath(rng: Rng): [string, string, string] {
  return [String(SIMULATED_YEAR), pad2(rng.int(1, 12)), pad2(rng.int(1, 28))];
}

function pathAndTitle(entry: PoolEntry, rng: Rng, s: SlugSource): [string, string] {
  const slug = s.keywords.join("-");
  const sentence = cap(s.keywords.join(" "));
  const about = s.entities.length > 0 ? rng.pick(s.entities.slice(0, 3)) : null;
  switch (entry.domain) {
    case "en.wikipedia.org": {
      const t = [cap(s.keywords[0] ?? "software"), ...s.keywords.slice(1, 2)].join("_");
      return [`/wiki/${t}`, `${t.replace(/_/g, " ")} - Wikipedia`];
    }
    case "reddit.com": {
      const sub = rng.pick(SUBREDDITS);
      return [
        `/r/${sub}/comments/${rng.chars(ID36, 7)}/${s.words.join("_")}/`,
        `${cap(s.words.join(" "))} : r/${sub}`,
      ];
    }
    case "stackoverflow.com":
      return [`/questions/${digits(rng, 8)}/${s.words.join("-")}`, `${sentence} - Stack Overflow`];
    case "youtube.com":
      return [`/watch?v=${rng.chars(YT, 11)}`, `${sentence}: honest review (${SIMULATED_YEAR})`];
    case "quora.com":
      return [`/${s.words.map(cap).join("-")}`, `${cap(s.words.join(" "))}? - Quora`];
    case "g2.com":
      return about && rng.chance(0.6)
        ? [`/products/${about.slug}/reviews`, `${about.name} Reviews ${SIMULATED_YEAR} | G2`]
        : [`/categories/${slug}`, `Best ${sentence} Software in ${SIMULATED_YEAR} | G2`];
    case "capterra.com":
      return about && rng.chance(0.5)
        ? [
            `/p/${digits(rng, 6)}/${about.name.replace(/[^A-Za-z0-9]+/g, "-")}/`,
            `${about.name} Reviews - Capterra`,
          ]
        : [`/${slug}-software/`, `Best ${sentence} Software ${SIMULATED_YEAR} - Capterra`];
    case "trustpilot.com": {
      const target = about?.domain ?? `${about?.slug ?? s.keywords[0]}.com`;
      return [`/review/${target}`, `${about?.name ?? target} Reviews | Trustpilot`];
    }
    case "techcrunch.com":
      return [`/${datePath(rng).join("/")}/${slug}/`, `${sentence} | TechCrunch`];
    case "theverge.com":
      return [`/news/${digits(rng, 6)}/${slug}`, `${sentence} - The Verge`];
    case "reuters.com":
      return [`/technology/${slug}-${datePath(rng).join("-")}/`, `${sentence} | Reuters`];
    case "linkedin.com":
      return [
        `/pulse/${slug}-${rng.pick(AUTHORS)}-${rng.chars(ID36, 5)}/`,
        `${sentence} | LinkedIn`,
      ];
    case "x.com":
      return [`/${rng.pick(HANDLES)}/status/${digits(rng, 19)}`, `${sentence} on X`];
  }
  if (entry.sourceClass !== "owned") return [`/${slug}`, sentence];
  const owner = entry.owner ?? entry.domain;
  const ownerSlug = asciiWords(owner).join("-");
  const other = s.entities.find((e) => e.name !== owner);
  const pages: Array<[string, string]> = [
    ["/pricing", `Pricing | ${owner}`],
    ["/features", `Features | ${owner}`],
    [`/blog/${slug}`, `${sentence} | ${owner} Blog`],
    [`/docs/${slug}`, `${sentence} - ${owner} Docs`],
    ["/customers", `Customer stories | ${owner}`],
  ];
  if (other) pages.push([`/compare/${ownerSlug}-vs-${other.slug}`, `${owner} vs ${other.name}`]);
  return rng.pick(pages);
}

/** One realistic, deterministic citation on the entry's domain. */
export function buildCitation(entry: PoolEntry, rng: Rng, s: SlugSource): EngineCitation {
  const [path, title] = pathAndTitle(entry, rng, s);
  const bareTwoLabel = entry.domain.split(".").length === 2;
  const host = bareTwoLabel && rng.chance(0.35) ? `www.${entry.domain}` : entry.domain;
  let url = `https://${host}${path}`;
  if (rng.chance(0.3)) {
    const params = [`utm_source=${rng.pick(["chatgpt.com", "perplexity.ai", "gemini", "openai"])}`];
    for (const [name, values] of TRACKING)
      if (rng.chance(0.35)) params.push(`${name}=${rng.pick(values)}`);
    url += (url.includes("?") ? "&" : "?") + params.join("&");
  }
  if (entry.sourceClass === "owned" && rng.chance(0.08)) url += "#plans";
  return { url, title: rng.chance(0.15) ? null : title };
}
