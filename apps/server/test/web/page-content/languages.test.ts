import { describe, expect, it } from "vitest";
import { detectLanguage } from "../../../src/web/page-content/detect-language.js";
import { readabilityScore } from "../../../src/web/page-content/readability-score.js";
import { analyze, fixture } from "./analyze.js";

describe("a Spanish page", () => {
  const result = analyze(fixture("spanish-page.html"), {
    url: "https://acme.example/es/clinica-dental",
    brand: "Acmé",
    competitors: [{ name: "Sonrisa Global" }],
  });

  it("reads its language and scores readability with Fernández Huerta", () => {
    expect(result.language).toBe("es");
    expect(result.check("understanding.language").status).toBe("pass");
    const readability = result.check("understanding.readability");
    expect(readability.status).toBe("pass");
    expect(readability.evidence).toContainEqual(
      expect.objectContaining({
        label: "score",
        value: expect.stringMatching(/^\d+ \(Fernández Huerta, es\)$/),
      }),
    );
  });

  it("matches the brand accent- and case-insensitively and reports the spellings", () => {
    const brand = result.check("entity.brand_name");
    expect(brand.status).toBe("pass");
    expect(brand.evidence).toContainEqual({ label: "spellings", value: "Acmé (2), ACME (1)" });
    expect(brand.evidence).toContainEqual({ label: "in the title", value: "yes" });
  });

  it("names the competitor with its sentence and counts a .gob.es link as authoritative", () => {
    expect(result.check("entity.competitors").evidence).toEqual([
      {
        label: "Sonrisa Global",
        value:
          "La clínica Sonrisa Global también ofrece financiación, pero sus precios son más altos que los de Acmé.",
      },
    ]);
    expect(result.check("understanding.outbound_references").status).toBe("pass");
    expect(result.check("understanding.structured_data").summary).toContain("MedicalWebPage");
  });
});

describe("a French page", () => {
  const result = analyze(fixture("french-page.html"), { url: "https://acme.example/fr/guide" });

  it("takes the primary subtag of lang and scores with Kandel-Moles", () => {
    expect(result.language).toBe("fr");
    expect(result.check("understanding.language").status).toBe("pass");
    expect(result.check("understanding.readability").evidence).toContainEqual(
      expect.objectContaining({ value: expect.stringMatching(/Kandel-Moles, fr/) }),
    );
    expect(result.markdown).toContain("## Les fonctions utiles");
  });

  it("warns about a page without lists or tables and without outbound links", () => {
    expect(result.check("understanding.lists_tables").status).toBe("warn");
    expect(result.check("understanding.outbound_references").status).toBe("warn");
  });
});

describe("language detection and readability formulas", () => {
  it("tells English, Spanish, Catalan and French apart, and declines short text", () => {
    expect(
      detectLanguage(
        "The team and the tools that are used for this work are chosen by you. ".repeat(3),
      ),
    ).toBe("en");
    expect(
      detectLanguage(
        "El equipo y las herramientas que se usan para este trabajo son muy buenos, pero también caros. ".repeat(
          3,
        ),
      ),
    ).toBe("es");
    expect(
      detectLanguage(
        "L'equip i les eines que es fan servir per aquest treball són molt bones, però també cares. ".repeat(
          3,
        ),
      ),
    ).toBe("ca");
    expect(
      detectLanguage(
        "L'équipe et les outils qui sont utilisés pour ce travail sont très bons, mais aussi chers. ".repeat(
          3,
        ),
      ),
    ).toBe("fr");
    expect(detectLanguage("Hello world")).toBeNull();
  });

  it("computes Flesch reading ease as documented", () => {
    // 2 sentences, 11 words, 12 syllables ("hap-py"): 206.835 - 1.015 × 5.5 - 84.6 × 12/11 = 109 → 100.
    const easy = readabilityScore({
      sentences: ["The cat sat on the mat.", "It was a happy cat."],
      language: "en",
    });
    expect(easy).toMatchObject({
      sentences: 2,
      words: 11,
      wordsPerSentence: 5.5,
      syllablesPerWord: 1.09,
      score: 100,
    });
    const hard = readabilityScore({
      sentences: [
        "Organisational interoperability considerations necessitate comprehensive institutional documentation procedures.",
      ],
      language: "en",
    });
    expect(hard.score).toBe(0);
    expect(
      readabilityScore({ sentences: ["Hallo Welt, wie geht es dir heute?"], language: "de" }),
    ).toMatchObject({
      score: null,
      formula: null,
      words: 7,
    });
  });
});
