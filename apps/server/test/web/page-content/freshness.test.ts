import { describe, expect, it } from "vitest";
import { analyze, page } from "./analyze.js";

const freshness = (head: string, body = "") =>
  analyze(page({ head, body })).check("understanding.freshness");
const article = (dates: string) =>
  `<script type="application/ld+json">{"@type":"Article",${dates}}</script>`;

describe("dates and freshness (now = 2026-11-24)", () => {
  it("passes a recent dateModified", () => {
    const check = freshness(article('"datePublished":"2025-01-01","dateModified":"2026-09-30"'));
    expect(check.status).toBe("pass");
    expect(check.summary).toBe("The page's modified date 2026-09-30 is 55 days old.");
  });

  it("warns about a stale page, judging by the latest modification", () => {
    const check = freshness(
      article('"datePublished":"2023-02-01","dateModified":"2024-06-15"') +
        '<meta property="article:modified_time" content="2024-01-01T00:00:00Z">',
    );
    expect(check.status).toBe("warn");
    expect(check.summary).toBe(
      "The page's modified date 2024-06-15 is 29 months old; engines prefer current sources.",
    );
    expect(check.evidence).toContainEqual({
      label: "JSON-LD Article dateModified",
      value: "2024-06-15",
    });
    expect(check.fix).toContain("dateModified");
  });

  it("falls back to the published date and to <time datetime>", () => {
    expect(freshness('<meta property="article:published_time" content="2026-11-01">').summary).toBe(
      "The page's published date 2026-11-01 is 23 days old.",
    );
    expect(
      freshness("", '<p>Updated <time datetime="2025-03-01">March 2025</time></p>').summary,
    ).toMatch(/^The page's <time> date 2025-03-01 is 20 months old/);
  });

  it("warns without any date and about a date in the future", () => {
    expect(freshness("")).toMatchObject({
      status: "warn",
      summary: expect.stringContaining("no machine-readable date"),
    });
    expect(freshness(article('"dateModified":"2027-06-01"')).summary).toBe(
      "The page's modified date 2027-06-01 is in the future.",
    );
  });
});
