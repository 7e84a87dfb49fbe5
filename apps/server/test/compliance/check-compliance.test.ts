import { describe, expect, it } from "vitest";
import { checkCompliance } from "../../src/compliance/check-compliance.js";
import { complianceRules } from "../../src/compliance/compliance-rules.js";

const check = (text: string, language = "en") =>
  checkCompliance({ text, language, profile: "eu_medical" });
const ruleIds = (text: string, language = "en") => check(text, language).map((f) => f.ruleId);

describe("checkCompliance", () => {
  it("finds nothing under profile none", () => {
    expect(
      checkCompliance({ text: "Cures eczema, 100% safe.", language: "en", profile: "none" }),
    ).toEqual([]);
  });

  it("names the rule, the regulation and article, the excerpt with offsets and a rewording", () => {
    const text =
      "👍 Notre baume GUÉRIT l’eczéma. Il est 100 % sûr ? Non : sans effets indésirables.";
    const findings = check(text, "fr");
    expect(findings.map((f) => [f.ruleId, f.excerpt.text])).toEqual([
      ["disease_claim", "GUÉRIT l’eczéma"],
      ["absolute_safety", "sans effets indésirables"],
    ]);
    for (const f of findings) {
      expect(text.slice(f.excerpt.start, f.excerpt.end)).toBe(f.excerpt.text);
      expect(text.slice(f.sentence.start, f.sentence.end)).toBe(f.sentence.text);
      expect(f.rulesVersion).toBe("eu_medical.v1");
      expect(f.regulation).not.toBe("");
      expect(f.article).not.toBe("");
      expect(f.rewording).toMatch(/^(Décrivez|Dites)/);
    }
    expect(findings[0]?.sentence.text).toBe("👍 Notre baume GUÉRIT l’eczéma.");
  });

  it.each([
    ["en", "Acme does not cure acne."],
    ["en", "Acme doesn’t cure acne."],
    ["en", "Acme never cures acne."],
    ["en", "Reduce redness without claiming to treat rosacea."],
    ["es", "Acme no cura el acné."],
    ["ca", "Acme no cura l'acne."],
    ["fr", "Acme ne guérit pas l'acné."],
    ["fr", "Acme n'élimine pas l'acné."],
  ])("a negated claim is no claim (%s: %s)", (language, text) => {
    expect(ruleIds(text, language)).toEqual([]);
  });

  it.each([
    ["en", "It not only cures acne but also hydrates."],
    ["es", "No solo cura el acné, también hidrata."],
    ["fr", "Non seulement il guérit l'acné, mais il hydrate."],
  ])("'not only' does not negate (%s: %s)", (language, text) => {
    expect(ruleIds(text, language)).toEqual(["disease_claim"]);
  });

  it("questions assert nothing; the answer that follows does", () => {
    expect(ruleIds("Can zinc cure acne? Yes: zinc cures acne.")).toEqual(["disease_claim"]);
    expect(ruleIds("¿Cura el zinc el acné?", "es")).toEqual([]);
  });

  it("neutral mentions are not claims", () => {
    for (const text of [
      "Ask your doctor about treatment options.",
      "Treatment options for eczema include emollients; ask your doctor.",
      "Write a guide on how to prevent acne breakouts.",
      "This cream is suitable for eczema-prone skin.",
    ]) {
      expect(ruleIds(text), text).toEqual([]);
    }
  });

  it("reads a regional tag as its language and any other language against all four", () => {
    expect(ruleIds("Guérit l'acné.", "fr-BE")).toEqual(["disease_claim"]);
    expect(check("Cura el acné.", "es-MX")[0]?.rewording).toMatch(/^Describe lo que/);
    const unknown = check("Cura el acné. Heilt Akne nicht.", "de");
    expect(unknown.map((f) => f.ruleId)).toEqual(["disease_claim"]);
    expect(unknown[0]?.rewording).toMatch(/^Describe what/);
  });

  it("merges overlapping matches of one rule and keeps text order across rules", () => {
    const findings = check("100% safe, no side effects and clinically proven to cure eczema.");
    expect(findings.map((f) => f.ruleId)).toEqual([
      "absolute_safety",
      "absolute_safety",
      "unreferenced_clinical_proof",
      "disease_claim",
    ]);
  });
});

describe("complianceRules", () => {
  it("lists every rule with its sources, rewordings and patterns in four languages", () => {
    const { version, rules } = complianceRules({ profile: "eu_medical" });
    expect(version).toBe("eu_medical.v1");
    expect(rules.map((r) => r.id)).toEqual([
      "disease_claim",
      "guaranteed_results",
      "absolute_safety",
      "medicine_comparison",
      "unreferenced_clinical_proof",
      "professional_endorsement",
      "prescription_promotion",
      "unauthorised_food_health_claim",
      "misleading_device_claim",
    ]);
    for (const r of rules) {
      expect(r.sources.length).toBeGreaterThan(0);
      for (const l of ["en", "es", "ca", "fr"] as const) {
        expect(r.patternCount[l], `${r.id} ${l}`).toBeGreaterThan(0);
        expect(r.rewording[l].length).toBeGreaterThan(20);
      }
    }
    expect(complianceRules({ profile: "none" })).toEqual({ version: null, rules: [] });
  });
});
