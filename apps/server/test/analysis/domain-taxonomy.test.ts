import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createAnswerAnalyzer } from "../../src/analysis/analyze-answer.js";
import {
  buildDomainTaxonomy,
  type DomainTaxonomyList,
  loadDomainTaxonomy,
} from "../../src/analysis/domain-taxonomy.js";
import type { DomainTaxonomy } from "../../src/analysis/types.js";
import { entity, subject } from "./analysis-fixtures.js";

const s = subject([
  entity("self", "Acme", { isSelf: true, domains: ["acme.com"] }),
  entity("g", "Globex", { domains: ["globex.com"] }),
]);

function taxonomyOf(url: string, taxonomy?: DomainTaxonomyList): DomainTaxonomy | undefined {
  const analyzer = createAnswerAnalyzer(s, taxonomy ? { taxonomy } : {});
  return analyzer({ answer: "", citations: [{ url, title: null }], language: "en" }).citations[0]
    ?.taxonomy;
}

describe("built-in domain taxonomy", () => {
  it.each([
    ["https://acme.com/x", "owned"],
    ["https://docs.acme.com/x", "owned"],
    ["https://globex.com/x", "competitor"],
    ["https://www.reddit.com/r/x", "ugc"],
    ["https://old.reddit.com/r/x", "ugc"],
    ["https://quora.com/q", "ugc"],
    ["https://stackoverflow.com/q/1", "ugc"],
    ["https://superuser.stackexchange.com/q/1", "ugc"],
    ["https://youtube.com/watch?v=1", "ugc"],
    ["https://medium.com/@a/b", "ugc"],
    ["https://fr.wikipedia.org/wiki/CRM", "reference"],
    ["https://britannica.com/topic/x", "reference"],
    ["https://developer.mozilla.org/en-US/docs/Web", "reference"],
    ["https://docs.python.org/3/", "reference"],
    ["https://g2.com/products/acme", "review"],
    ["https://capterra.es/software/1", "review"],
    ["https://trustpilot.com/review/acme.com", "review"],
    ["https://www.tripadvisor.co.uk/x", "review"],
    ["https://tripadvisor.es/x", "review"],
    ["https://nytimes.com/2026/x", "news"],
    ["https://www.bbc.co.uk/news/x", "news"],
    ["https://bbc.com/news/x", "news"],
    ["https://reuters.com/x", "news"],
    ["https://elpais.com/x", "news"],
    ["https://lemonde.fr/x", "news"],
    ["https://lavanguardia.com/x", "news"],
    ["https://x.com/a/status/1", "social"],
    ["https://twitter.com/a", "social"],
    ["https://linkedin.com/pulse/x", "social"],
    ["https://facebook.com/a", "social"],
    ["https://instagram.com/a", "social"],
    ["https://tiktok.com/@a", "social"],
    ["https://example.org/x", "other"],
    ["https://docs.com/x", "other"],
  ])("%s -> %s", (url, expected) => {
    expect(taxonomyOf(url)).toBe(expected);
  });
});

describe("operator domain taxonomy", () => {
  const operator = buildDomainTaxonomy({
    review: ["example.com", "medium.com", "ratings.*"],
    news: ["press."],
    other: ["reddit.com"],
  });

  it("adds entries and wins over built-in ones", () => {
    expect(taxonomyOf("https://blog.example.com/x", operator)).toBe("review");
    expect(taxonomyOf("https://medium.com/x", operator)).toBe("review");
    expect(taxonomyOf("https://ratings.co.uk/x", operator)).toBe("review");
    expect(taxonomyOf("https://press.somewhere.org/x", operator)).toBe("news");
    expect(taxonomyOf("https://reddit.com/r/x", operator)).toBe("other");
    expect(taxonomyOf("https://quora.com/x", operator)).toBe("ugc");
  });

  it("never overrides owned and competitor domains", () => {
    const claims = buildDomainTaxonomy({ news: ["acme.com", "globex.com"] });
    expect(taxonomyOf("https://acme.com/x", claims)).toBe("owned");
    expect(taxonomyOf("https://globex.com/x", claims)).toBe("competitor");
  });

  it("loads the file named by GEO_DOMAIN_TAXONOMY_FILE and validates it", () => {
    const dir = mkdtempSync(join(tmpdir(), "taxonomy-"));
    const file = join(dir, "taxonomy.json");
    writeFileSync(file, JSON.stringify({ review: ["WWW.Example.com "], social: ["mastodon.*"] }));
    const loaded = loadDomainTaxonomy({ file });
    expect(taxonomyOf("https://example.com/x", loaded)).toBe("review");
    expect(taxonomyOf("https://mastodon.online/@a", loaded)).toBe("social");
    expect(taxonomyOf("https://g2.com/x", loadDomainTaxonomy({}))).toBe("review");

    writeFileSync(file, JSON.stringify({ blogs: ["example.com"] }));
    expect(() => loadDomainTaxonomy({ file })).toThrow(/invalid/);
    writeFileSync(file, JSON.stringify({ review: ["https://example.com/path"] }));
    expect(() => loadDomainTaxonomy({ file })).toThrow(/invalid/);
    writeFileSync(file, "{ not json");
    expect(() => loadDomainTaxonomy({ file })).toThrow(/not valid JSON/);
    expect(() => loadDomainTaxonomy({ file: join(dir, "missing.json") })).toThrow();
  });
});
