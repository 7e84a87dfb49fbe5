import { describe, expect, it } from "vitest";
import { checkCompliance } from "../../src/compliance/check-compliance.js";
import { findBrandClaims } from "../../src/compliance/find-brand-claims.js";

// About 1 MB each: what an attacker could make an engine answer or a field contain.
const SIZE = 1_000_000;
const repeat = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
const ADVERSARIAL: [string, string][] = [
  ["one endless word", "a".repeat(SIZE)],
  ["a cure verb without a disease, no sentence end", repeat("cures the ")],
  ["claims in one endless sentence", repeat("cures acne and ")],
  ["pattern prefixes that never complete", repeat("100 % side clinically recommended by ")],
  ["lexicon words only", repeat("acne eczema doctor ozempic detox guaranteed ")],
  ["punctuation and brackets", repeat("(([[,;:.!?¿… ")],
  ["Catalan middle dots", repeat("l·l·l·l·l·")],
  ["accents and apostrophes", repeat("l’éèçà n’t ")],
  ["a negator before every claim", repeat("not curing acne, ")],
];
const BOUND_MS = 4_000;

describe("untrusted text: time is linear in its length", () => {
  it.each(ADVERSARIAL)("%s (1 MB) is checked within the bound", (_name, text) => {
    for (const language of ["en", "fr", "xx"]) {
      const started = performance.now();
      checkCompliance({ text, language, profile: "eu_medical" });
      const ms = performance.now() - started;
      expect(ms, `${language}: ${ms.toFixed(0)} ms`).toBeLessThan(BOUND_MS);
    }
  });

  it("brand attribution over many claims and mentions stays within the bound", () => {
    const text = repeat("Acme cures acne. It is 100% safe. Globex heals eczema. ");
    const started = performance.now();
    const found = findBrandClaims({
      text,
      language: "en",
      profile: "eu_medical",
      brand: { names: ["Acme"] },
      others: ["Globex"],
    });
    const ms = performance.now() - started;
    expect(found.length).toBeGreaterThan(10_000);
    expect(ms, `${ms.toFixed(0)} ms`).toBeLessThan(BOUND_MS * 2);
  });
});
