import { describe, expect, it } from "vitest";
import { CORPUS_LANGUAGES, corpusFigures } from "./corpus-figures.js";

describe("compliance corpus: precision and recall per language", () => {
  it.each(CORPUS_LANGUAGES)("%s: precision and recall are at least 0.9", (language) => {
    const f = corpusFigures(language);
    console.log(
      `compliance corpus ${language}: ${f.sentences} sentences (${f.positives} positive, ${f.negatives} negative), precision ${f.precision.toFixed(3)}, recall ${f.recall.toFixed(3)} (TP ${f.truePositives}, FP ${f.falsePositives}, FN ${f.falseNegatives})`,
    );
    for (const m of f.mistakes) console.log(`  mistake: ${JSON.stringify(m)}`);
    expect(f.positives).toBeGreaterThanOrEqual(25);
    expect(f.negatives).toBeGreaterThanOrEqual(25);
    expect(f.precision).toBeGreaterThanOrEqual(0.9);
    expect(f.recall).toBeGreaterThanOrEqual(0.9);
  });
});

describe("compliance held-out set: reported, not asserted", () => {
  it.each(CORPUS_LANGUAGES)(
    "%s: prints precision and recall on sentences never tuned on",
    (language) => {
      const f = corpusFigures(language, "holdout");
      console.log(
        `compliance held-out ${language}: ${f.sentences} sentences (${f.positives} positive, ${f.negatives} negative), precision ${f.precision.toFixed(3)}, recall ${f.recall.toFixed(3)} (TP ${f.truePositives}, FP ${f.falsePositives}, FN ${f.falseNegatives})`,
      );
      for (const m of f.mistakes) console.log(`  miss: ${JSON.stringify(m)}`);
      expect(f.sentences).toBeGreaterThan(0);
    },
  );
});
