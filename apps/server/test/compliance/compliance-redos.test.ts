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

// CPU time of this process, not wall time: a loaded machine stretches wall time, while a
// catastrophic backtrack burns CPU whatever else runs beside it.
function cpuMsOf<T>(work: () => T): { result: T; ms: number } {
  const before = process.cpuUsage();
  const result = work();
  const used = process.cpuUsage(before);
  return { result, ms: (used.user + used.system) / 1000 };
}

describe("untrusted text: time is linear in its length", () => {
  it.each(ADVERSARIAL)("%s (1 MB) is checked within the bound", (_name, text) => {
    for (const language of ["en", "fr", "xx"]) {
      const { ms } = cpuMsOf(() => checkCompliance({ text, language, profile: "eu_medical" }));
      expect(ms, `${language}: ${ms.toFixed(0)} ms`).toBeLessThan(BOUND_MS);
    }
  });

  it("brand attribution over many claims and mentions stays within the bound", () => {
    const text = repeat("Acme cures acne. It is 100% safe. Globex heals eczema. ");
    const { result: found, ms } = cpuMsOf(() =>
      findBrandClaims({
        text,
        language: "en",
        profile: "eu_medical",
        brand: { names: ["Acme"] },
        others: ["Globex"],
      }),
    );
    expect(found.length).toBeGreaterThan(10_000);
    expect(ms, `${ms.toFixed(0)} ms`).toBeLessThan(BOUND_MS * 2);
  });
});
