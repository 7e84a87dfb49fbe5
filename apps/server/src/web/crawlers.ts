/**
 * The crawlers a page evaluation checks, by the robots.txt token each one obeys (its operator's
 * documentation, listed with sources in docs/page-evaluations.md). `userAgent` is the header a
 * fetch "as this crawler" sends; a token that is only a robots.txt control (Google-Extended,
 * Applebot-Extended) has no crawler of its own and is fetched with its parent's header.
 */
export interface Crawler {
  /** robots.txt product token, as its operator spells it. */
  token: string;
  operator: string;
  /** What the token controls. */
  purpose: "training" | "search" | "user_fetch" | "search_and_training";
  userAgent: string;
  /** Fetches on a person's request; its operator says robots.txt may not apply. */
  userInitiated: boolean;
  /** Page-level directives (meta robots, X-Robots-Tag) addressed to this crawler by name. */
  metaNames: readonly string[];
}

const webkit = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible;";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const applebot =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)";

export const crawlers: readonly Crawler[] = [
  {
    token: "GPTBot",
    operator: "OpenAI",
    purpose: "training",
    userAgent: `${webkit} GPTBot/1.1; +https://openai.com/gptbot)`,
    userInitiated: false,
    metaNames: ["gptbot"],
  },
  {
    token: "OAI-SearchBot",
    operator: "OpenAI",
    purpose: "search",
    userAgent: `${webkit} OAI-SearchBot/1.0; +https://openai.com/searchbot)`,
    userInitiated: false,
    metaNames: ["oai-searchbot"],
  },
  {
    token: "ChatGPT-User",
    operator: "OpenAI",
    purpose: "user_fetch",
    userAgent: `${webkit} ChatGPT-User/1.0; +https://openai.com/bot)`,
    userInitiated: true,
    metaNames: ["chatgpt-user"],
  },
  {
    token: "PerplexityBot",
    operator: "Perplexity",
    purpose: "search",
    userAgent: `${webkit} PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)`,
    userInitiated: false,
    metaNames: ["perplexitybot"],
  },
  {
    token: "Perplexity-User",
    operator: "Perplexity",
    purpose: "user_fetch",
    userAgent: `${webkit} Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)`,
    userInitiated: true,
    metaNames: ["perplexity-user"],
  },
  {
    token: "ClaudeBot",
    operator: "Anthropic",
    purpose: "training",
    userAgent: `${webkit} ClaudeBot/1.0; +claudebot@anthropic.com)`,
    userInitiated: false,
    metaNames: ["claudebot"],
  },
  {
    token: "Claude-SearchBot",
    operator: "Anthropic",
    purpose: "search",
    userAgent: `${webkit} Claude-SearchBot/1.0; +https://www.anthropic.com)`,
    userInitiated: false,
    metaNames: ["claude-searchbot"],
  },
  {
    token: "Google-Extended",
    operator: "Google",
    purpose: "training",
    userAgent: googlebot,
    userInitiated: false,
    metaNames: [],
  },
  {
    token: "Googlebot",
    operator: "Google",
    purpose: "search",
    userAgent: googlebot,
    userInitiated: false,
    metaNames: ["googlebot"],
  },
  {
    token: "Bingbot",
    operator: "Microsoft",
    purpose: "search",
    userAgent: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    userInitiated: false,
    metaNames: ["bingbot"],
  },
  {
    token: "Applebot-Extended",
    operator: "Apple",
    purpose: "training",
    userAgent: applebot,
    userInitiated: false,
    metaNames: [],
  },
  {
    token: "CCBot",
    operator: "Common Crawl",
    purpose: "training",
    userAgent: "CCBot/2.0 (https://commoncrawl.org/faq/)",
    userInitiated: false,
    metaNames: ["ccbot"],
  },
  {
    token: "meta-externalagent",
    operator: "Meta",
    purpose: "search_and_training",
    userAgent:
      "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
    userInitiated: false,
    metaNames: ["meta-externalagent"],
  },
];

/** What a browser sends, for the differential fetch. */
export const browserUserAgent =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export function crawlerByToken(token: string): Crawler | undefined {
  const wanted = token.toLowerCase();
  return crawlers.find((crawler) => crawler.token.toLowerCase() === wanted);
}
