import { describe, expect, it } from "vitest";
import { findRecommendationCompliance } from "../../src/services/recommendations/find-recommendation-compliance.js";

const texts = {
  title: "Publish a page on eczema-prone skin",
  rationale: "Globex is named in 8 of 10 answers about eczema creams; Acme in none.",
  action: "Say the cream cures eczema and is 100% safe.",
};

describe("findRecommendationCompliance", () => {
  it("returns the contract's findings per field under eu_medical", () => {
    const findings = findRecommendationCompliance({
      complianceProfile: "eu_medical",
      language: "en",
      texts,
    });
    expect(findings.map((f) => [f.field, f.ruleId, f.excerpt])).toEqual([
      ["action", "disease_claim", "cures eczema"],
      ["action", "absolute_safety", "100% safe"],
    ]);
    expect(Object.keys(findings[0] ?? {}).sort()).toEqual([
      "article",
      "excerpt",
      "field",
      "regulation",
      "rewording",
      "ruleId",
    ]);
  });

  it("adds the answers' claims attributed to the brand, as field answer", () => {
    const findings = findRecommendationCompliance({
      complianceProfile: "eu_medical",
      language: "fr",
      texts: {
        title: "Corriger une allégation",
        rationale: "Des réponses attribuent une allégation à Acme.",
        action: "Publiez une mise au point.",
      },
      answers: ["Selon plusieurs sites, Acme guérit l'eczéma.", "Globex guérit l'acné, Acme non."],
      brand: { names: ["Acme"], others: ["Globex"] },
    });
    expect(findings.map((f) => [f.field, f.ruleId, f.excerpt])).toEqual([
      ["answer", "disease_claim", "guérit l'eczéma"],
    ]);
  });

  it("finds nothing under profile none", () => {
    expect(
      findRecommendationCompliance({ complianceProfile: "none", language: "en", texts }),
    ).toEqual([]);
  });
});
