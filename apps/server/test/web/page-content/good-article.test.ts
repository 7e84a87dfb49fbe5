import { describe, expect, it } from "vitest";
import { scorePage } from "../../../src/web/page-check.js";
import { analyze, fixture } from "./analyze.js";

describe("a good article page (JSON-LD Article + FAQPage)", () => {
  const result = analyze(fixture("good-article.html"), {
    url: "https://www.acme.example/guides/choose-pm-tool",
  });

  it("passes every understanding check", () => {
    const understanding = result.checks.filter((c) => c.category === "understanding");
    expect(understanding.map((c) => [c.id, c.status])).toEqual([
      ["understanding.initial_html_text", "pass"],
      ["understanding.title", "pass"],
      ["understanding.meta_description", "pass"],
      ["understanding.canonical", "pass"],
      ["understanding.language", "pass"],
      ["understanding.headings", "pass"],
      ["understanding.structured_data", "pass"],
      ["understanding.answer_first", "pass"],
      ["understanding.lists_tables", "pass"],
      ["understanding.freshness", "pass"],
      ["understanding.outbound_references", "pass"],
      ["understanding.readability", "pass"],
    ]);
    for (const check of understanding) {
      expect(check.fix).toBeNull();
      expect(check.summary).toMatch(/\.$/);
    }
    expect(scorePage(result.checks).categories.understanding).toBe(100);
  });

  it("reports the JSON-LD types, the outline and the date as evidence", () => {
    const types = result.check("understanding.structured_data").evidence;
    expect(types).toContainEqual({
      label: "types that matter",
      value: "Organization, Article, Person, FAQPage",
    });
    expect(result.check("understanding.headings").evidence[0]?.value).toBe(
      "h1 How to choose a project management tool\n  h2 The features that matter\n    h3 Integrations\n  h2 What it costs",
    );
    expect(result.check("understanding.freshness").summary).toContain("2026-10-01");
    expect(result.check("understanding.readability").evidence).toContainEqual(
      expect.objectContaining({
        label: "score",
        value: expect.stringContaining("Flesch reading ease"),
      }),
    );
  });

  it("says what a crawler sees: the article as Markdown, without boilerplate", () => {
    const md = result.markdown;
    expect(md.startsWith("# How to choose a project management tool\n\n")).toBe(true);
    expect(md).toContain("## The features that matter");
    expect(md).toContain("### Integrations");
    expect(md).toMatch(/^- +Task lists and boards for day-to-day work$/m);
    expect(md).toContain(
      "| Tool | Price per user |\n| --- | --- |\n| Acme | $8 |\n| Globex | $12 |",
    );
    expect(md).toContain(
      "[Wikipedia overview of project management software](https://en.wikipedia.org/wiki/Project_management_software)",
    );
    // A relative link is resolved against the page.
    expect(md).toContain("[Acme pricing](https://www.acme.example/pricing)");
    for (const boilerplate of [
      "Log in",
      "newsletter",
      "All rights reserved",
      "dataLayer",
      "font-family",
      "tracking",
    ]) {
      expect(md).not.toContain(boilerplate);
    }
    expect(result.extraction).toEqual({
      source: "readability",
      fallbackReason: null,
      truncated: false,
    });
    expect(result.title).toBe("How to choose a project management tool");
    expect(result.language).toBe("en");
    expect(result.wordCount).toBeGreaterThan(150);
    expect(result.text).toContain("Choose a project management tool by matching three things");
    expect(result.text).not.toContain("Log in");
  });

  it("finds the brand, its domain and the competitor it names", () => {
    expect(result.check("entity.brand_name").status).toBe("pass");
    expect(result.check("entity.brand_domains").status).toBe("pass");
    const competitors = result.check("entity.competitors");
    expect(competitors.status).toBe("info");
    expect(competitors.summary).toBe("The page names 1 of the 2 tracked competitors: Globex (2).");
    expect(competitors.evidence[0]).toEqual({
      label: "Globex",
      value: "Acme starts at 8 dollars, while Globex charges 12 dollars for a similar plan.",
    });
  });

  it("gives every check a stable id in its category and a one-sentence summary", () => {
    for (const check of result.checks) {
      expect(check.id.startsWith(`${check.category}.`)).toBe(true);
      expect(["understanding", "entity"]).toContain(check.category);
    }
    expect(new Set(result.checks.map((c) => c.id)).size).toBe(result.checks.length);
  });
});
