import { describe, expect, it } from "vitest";
import { findBrandClaims } from "../../src/compliance/find-brand-claims.js";

const claims = (text: string, language = "en", names = ["Acme"], others = ["Globex"]) =>
  findBrandClaims({ text, language, profile: "eu_medical", brand: { names }, others }).map(
    (f) => [f.ruleId, f.excerpt.text, f.brandMention.text] as const,
  );

describe("findBrandClaims", () => {
  it("attributes a claim to the brand named before it in the sentence", () => {
    expect(claims("According to reviewers, Acme cures acne in a week.")).toEqual([
      ["disease_claim", "cures acne", "Acme"],
    ]);
  });

  it("matches names and aliases case- and accent-insensitively, with offsets in the answer", () => {
    const text = "Le sérum ACMÉ LABS guérit l’eczéma.";
    const found = findBrandClaims({
      text,
      language: "fr",
      profile: "eu_medical",
      brand: { names: ["Acme", "Acmé Labs"] },
    });
    expect(found.map((f) => f.brandMention.text)).toEqual(["ACMÉ LABS"]);
    const m = found[0]?.brandMention;
    expect(m && text.slice(m.start, m.end)).toBe("ACMÉ LABS");
  });

  it("gives a claim to the nearest name before it: a competitor's claim is not the brand's", () => {
    expect(claims("Acme is cheaper, but Globex cures eczema.")).toEqual([]);
    expect(claims("Globex is cheaper, but Acme cures eczema.")).toEqual([
      ["disease_claim", "cures eczema", "Acme"],
    ]);
  });

  it("uses the name after the claim when none comes before it", () => {
    expect(claims("Clinically proven: Acme's new serum.")).toEqual([
      ["unreferenced_clinical_proof", "Clinically proven", "Acme"],
    ]);
  });

  it("follows a referring word or a subjectless verb into the next sentence", () => {
    expect(claims("Acme is a cream. It cures eczema.")).toEqual([
      ["disease_claim", "cures eczema", "Acme"],
    ]);
    expect(claims("Acme es una crema. Cura el eccema.", "es")).toEqual([
      ["disease_claim", "Cura el eccema", "Acme"],
    ]);
    expect(claims("Acme est une crème. Elle guérit l'eczéma.", "fr")).toEqual([
      ["disease_claim", "guérit l'eczéma", "Acme"],
    ]);
    expect(claims("Acme és una crema. A més, cura l'èczema.", "ca")).toEqual([
      ["disease_claim", "cura l'èczema", "Acme"],
    ]);
    expect(claims("Acme is a cream. Many people say zinc cures acne.")).toEqual([]);
  });

  it("does not attribute negated claims, questions, or claims in a text without the brand", () => {
    expect(claims("Acme does not cure acne.")).toEqual([]);
    expect(claims("Does Acme cure acne?")).toEqual([]);
    expect(claims("Zinc cures acne.")).toEqual([]);
    expect(claims("Acmedia cures acne.")).toEqual([]);
  });

  it("finds nothing under profile none", () => {
    expect(
      findBrandClaims({
        text: "Acme cures acne.",
        language: "en",
        profile: "none",
        brand: { names: ["Acme"] },
      }),
    ).toEqual([]);
  });
});
