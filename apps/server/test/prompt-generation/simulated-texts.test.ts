import type { Language } from "@geopulse/api-types";
import { describe, expect, it } from "vitest";
import { createSimulatedPromptWriter } from "../../src/services/prompt-generation/simulated-prompt-writer.js";
import { promptCategories } from "../../src/services/prompts/prompt-rules.js";
import { createSimulatedResearch } from "../../src/services/research/simulated-research.js";
import { withIndefiniteArticle } from "../../src/text/indefinite-article.js";

async function written(language: Language, category: string | null): Promise<string[]> {
  const result = await createSimulatedPromptWriter().write({
    language,
    items: promptCategories.map((c) => ({ category: c, count: 10 })),
    brand: "acme",
    profile: { description: null, category, positioning: null, markets: [] },
    competitors: ["Globex"],
    avoid: [],
    seed: `texts:${language}:${category}`,
  });
  return result.prompts.map((p) => p.text);
}

/** Mistakes a reader notices: a/an before the wrong sound, the brand as its own category. */
function problems(texts: string[]): string[] {
  return texts.filter(
    (text) =>
      /\ba [aeio]/i.test(text) ||
      /\ban [bcdfgjkpqtvwz]/i.test(text) ||
      /acme (products|tool|software|platform)/i.test(text) ||
      /(for|about|with) acme\b.*\bacme\b/i.test(text) ||
      /good choice for acme/i.test(text),
  );
}

describe("simulated prompt and research texts", () => {
  it("put the right English article before a word", () => {
    expect(withIndefiniteArticle("analytics tool")).toBe("an analytics tool");
    expect(withIndefiniteArticle("CRM tool")).toBe("a CRM tool");
    expect(withIndefiniteArticle("SEO platform")).toBe("an SEO platform");
    expect(withIndefiniteArticle("user research tool")).toBe("a user research tool");
    expect(withIndefiniteArticle("email tool")).toBe("an email tool");
    expect(withIndefiniteArticle("business software tool")).toBe("a business software tool");
    expect(withIndefiniteArticle("hour tracker")).toBe("an hour tracker");
  });

  it("never make the brand its own category, with or without a category in the profile", async () => {
    for (const category of [null, "analytics", "web analytics", "CRM"]) {
      const texts = await written("en", category);
      expect(texts.length).toBeGreaterThan(20);
      expect(problems(texts), String(category)).toEqual([]);
      expect(texts.join("\n")).not.toContain("acme products");
    }
    expect(await written("en", "analytics")).toContain(
      "How do I choose an analytics tool without overspending?",
    );
    for (const language of ["es", "ca", "fr"] as const) {
      expect((await written(language, null)).join("\n")).not.toContain("acme products");
    }
  });

  it("ask research questions that fit the seed: a topic, a name or a name's alternatives", async () => {
    const research = createSimulatedResearch(["globex.com"]);
    const ask = async (seed: string) =>
      (await research.research({ seed, language: "en", brand: "acme", competitors: ["Globex"] }))
        .questions;
    const all = [
      ...(await ask("analytics")),
      ...(await ask("acme")),
      ...(await ask("Globex alternatives")),
      ...(await ask("crm for startups")),
    ];
    expect(all.length).toBeGreaterThan(8);
    expect(problems(all)).toEqual([]);
    for (const bad of [/best acme\b/i, /choose a acme/i, /which acme\b/i, /alternatives for/i]) {
      expect(all.filter((q) => bad.test(q))).toEqual([]);
    }
  });
});
