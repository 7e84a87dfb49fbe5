import { describe, expect, it } from "vitest";
import { crawlerByToken, crawlers } from "../../src/web/crawlers.js";
import { evaluateRobots, type RobotsFile, robotsUrlFor } from "../../src/web/robots-rules.js";

const page = "https://shop.example/products/widget?id=1";
const found = (text: string): RobotsFile => ({ state: "found", url: robotsUrlFor(page), text });
const verdicts = (robots: RobotsFile, url = page) =>
  Object.fromEntries(evaluateRobots({ pageUrl: url, robots, crawlers }).map((v) => [v.token, v]));

describe("robots.txt per crawler", () => {
  it("lists every crawler the issue names, by its real token", () => {
    expect(crawlers.map((c) => c.token)).toEqual([
      "GPTBot",
      "OAI-SearchBot",
      "ChatGPT-User",
      "PerplexityBot",
      "Perplexity-User",
      "ClaudeBot",
      "Claude-SearchBot",
      "Google-Extended",
      "Googlebot",
      "Bingbot",
      "Applebot-Extended",
      "CCBot",
      "meta-externalagent",
    ]);
    for (const crawler of crawlers) expect(crawler.userAgent.length).toBeGreaterThan(10);
  });

  it("blocks the crawlers named in their own groups and quotes the deciding line", () => {
    const result = verdicts(
      found(
        [
          "# AI policy",
          "User-agent: GPTBot",
          "Disallow: /",
          "",
          "User-agent: CCBot",
          "User-agent: Google-Extended",
          "Disallow: /products/",
          "",
          "User-agent: *",
          "Allow: /",
        ].join("\n"),
      ),
    );
    expect(result.GPTBot).toEqual({
      token: "GPTBot",
      allowed: false,
      why: "rule",
      group: "GPTBot",
      line: { number: 3, text: "Disallow: /" },
      userInitiated: false,
    });
    expect(result.CCBot).toMatchObject({ allowed: false, group: "CCBot", line: { number: 7 } });
    expect(result["Google-Extended"]).toMatchObject({ allowed: false, group: "Google-Extended" });
    expect(result.ClaudeBot).toMatchObject({
      allowed: true,
      group: "*",
      line: { number: 10, text: "Allow: /" },
    });
    expect(result["OAI-SearchBot"]).toMatchObject({ allowed: true, group: "*" });
  });

  it("applies the most specific rule and matches tokens without case", () => {
    const result = verdicts(
      found(
        "user-agent: claudebot\nDisallow: /products/\nAllow: /products/widget\n\nUser-agent: *\nDisallow: /products/\n",
      ),
    );
    expect(result.ClaudeBot).toMatchObject({
      allowed: true,
      line: { number: 3, text: "Allow: /products/widget" },
    });
    expect(result.GPTBot).toMatchObject({ allowed: false, group: "*", line: { number: 6 } });
  });

  it("allows everything when no rule matches or no group applies", () => {
    const result = verdicts(found("User-agent: GPTBot\nDisallow: /private/\n"));
    expect(result.GPTBot).toMatchObject({ allowed: true, why: "no_matching_rule", line: null });
    expect(result.Bingbot).toMatchObject({ allowed: true, group: null, line: null });
  });

  it("blocks everything with a wildcard disallow, user-initiated fetchers flagged", () => {
    const result = verdicts(found("User-agent: *\nDisallow: /\n"));
    for (const crawler of crawlers) expect(result[crawler.token]?.allowed).toBe(false);
    expect(result["ChatGPT-User"]?.userInitiated).toBe(true);
    expect(result["Perplexity-User"]?.userInitiated).toBe(true);
  });

  it("reads a missing robots.txt as allowed and an unreachable one as disallowed (RFC 9309)", () => {
    const url = robotsUrlFor(page);
    expect(verdicts({ state: "missing", url, status: 404 }).GPTBot).toMatchObject({
      allowed: true,
      why: "no_robots_txt",
    });
    expect(verdicts({ state: "unreachable", url, detail: "503" }).GPTBot).toMatchObject({
      allowed: false,
      why: "robots_txt_unreachable",
    });
  });

  it("judges wildcards and end anchors as robots-parser does", () => {
    const result = verdicts(
      found(
        "User-agent: PerplexityBot\nDisallow: /*?id=\n\nUser-agent: Bingbot\nDisallow: /*.pdf$\n",
      ),
    );
    expect(result.PerplexityBot).toMatchObject({ allowed: false, line: { number: 2 } });
    expect(result.Bingbot?.allowed).toBe(true);
  });

  it("finds crawlers by token without case", () => {
    expect(crawlerByToken("gptbot")?.token).toBe("GPTBot");
    expect(crawlerByToken("nobody")).toBeUndefined();
  });
});
