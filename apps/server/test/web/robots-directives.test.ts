import { describe, expect, it } from "vitest";
import { crawlers } from "../../src/web/crawlers.js";
import { compareFetches } from "../../src/web/differential.js";
import type { FetchResult } from "../../src/web/fetch-result.js";
import {
  directivesFor,
  readMetaRobots,
  readRobotsHeaders,
} from "../../src/web/robots-directives.js";

const perCrawler = (html: string, headers: Record<string, string | string[]> = {}) =>
  Object.fromEntries(
    directivesFor([...readRobotsHeaders(headers), ...readMetaRobots(html)], crawlers).map((d) => [
      d.token,
      d,
    ]),
  );

describe("meta robots and X-Robots-Tag", () => {
  it("applies a robots meta tag to every crawler, with the tag as evidence", () => {
    const result = perCrawler(
      '<html><head><META NAME="Robots" CONTENT="NoIndex, nofollow"></head></html>',
    );
    for (const crawler of crawlers) expect(result[crawler.token]?.directives).toEqual(["noindex"]);
    expect(result.GPTBot?.evidence).toEqual(['<meta name="Robots" content="NoIndex, nofollow">']);
  });

  it("applies a per-bot meta tag only to that crawler", () => {
    const result = perCrawler(
      '<meta name="googlebot" content="nosnippet"><meta name="GPTBot" content="noindex"><meta name="description" content="noindex is a word">',
    );
    expect(result.Googlebot?.directives).toEqual(["nosnippet"]);
    expect(result.GPTBot?.directives).toEqual(["noindex"]);
    expect(result.ClaudeBot?.directives).toEqual([]);
    expect(result["Google-Extended"]?.directives).toEqual([]);
  });

  it("reads noai, noimageai and none", () => {
    const result = perCrawler(
      '<meta name="robots" content="noai, noimageai"><meta name="bingbot" content="none">',
    );
    expect(result.ClaudeBot?.directives).toEqual(["noai", "noimageai"]);
    expect(result.Bingbot?.directives).toEqual(["noindex", "noai", "noimageai"]);
  });

  it("reads X-Robots-Tag headers, generic and per bot, and ignores valued directives", () => {
    const headers = { "x-robots-tag": ["noindex", "googlebot: nosnippet", "max-snippet: 0"] };
    const sources = readRobotsHeaders(headers);
    expect(sources).toEqual([
      {
        source: "header",
        target: "robots",
        directives: ["noindex"],
        evidence: "X-Robots-Tag: noindex",
      },
      {
        source: "header",
        target: "googlebot",
        directives: ["nosnippet"],
        evidence: "X-Robots-Tag: googlebot: nosnippet",
      },
      {
        source: "header",
        target: "robots",
        directives: ["max-snippet:0"],
        evidence: "X-Robots-Tag: max-snippet: 0",
      },
    ]);
    const result = perCrawler("<html></html>", headers);
    expect(result.Googlebot?.directives).toEqual(["noindex", "nosnippet"]);
    expect(result.GPTBot?.directives).toEqual(["noindex"]);
  });

  it("finds nothing on a page without directives", () => {
    expect(perCrawler("<html><head><title>x</title></head></html>").GPTBot).toEqual({
      token: "GPTBot",
      directives: [],
      evidence: [],
    });
  });
});

const ok = (bytes: number): FetchResult => ({
  ok: true,
  url: "https://a.example/",
  finalUrl: "https://a.example/",
  status: 200,
  headers: {},
  contentType: "text/html",
  body: Buffer.alloc(bytes),
  bytes,
  redirects: [],
  address: "93.184.215.14",
  fetchedAt: new Date(0),
});
const failed = (status: number): FetchResult => ({
  ok: false,
  reason: "http_error",
  message: `The server answered HTTP ${status}.`,
  url: "https://a.example/",
  failedUrl: "https://a.example/",
  redirects: [],
  status,
  bytes: 20,
  fetchedAt: new Date(0),
});

describe("differential blocking", () => {
  it("says blocked when the crawler gets an error the browser does not", () => {
    expect(compareFetches("GPTBot", ok(5000), failed(403))).toMatchObject({
      outcome: "blocked",
      crawler: { ok: false, status: 403 },
      evidence: "A browser gets HTTP 200; GPTBot gets HTTP 403.",
    });
  });

  it("says suspect when the crawler gets much less, same when alike", () => {
    expect(compareFetches("GPTBot", ok(5000), ok(900)).outcome).toBe("suspect");
    expect(compareFetches("GPTBot", ok(5000), ok(4800)).outcome).toBe("same");
  });

  it("says the page is unavailable when the browser fails too", () => {
    expect(compareFetches("GPTBot", failed(500), failed(500)).outcome).toBe("page_unavailable");
  });
});
