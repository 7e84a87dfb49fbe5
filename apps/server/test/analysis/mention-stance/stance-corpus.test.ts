import { describe, expect, it } from "vitest";
import {
  describeStanceFigures,
  STANCE_LANGUAGES,
  STANCES,
  stanceFigures,
} from "./stance-figures.js";

/** The bar for each class and language, on the development corpus. */
const BAR = 0.85;

describe("mention stance corpus: precision and recall per class and language", () => {
  it.each(STANCE_LANGUAGES)("%s: every class at least 0.85", (language) => {
    const f = stanceFigures(language);
    console.log(`stance corpus ${language}: ${f.cases} answers; ${describeStanceFigures(f)}`);
    for (const m of f.mistakes) console.log(`  mistake: ${m.entity} ${m.expected} -> ${m.found}`);
    for (const stance of STANCES) {
      expect(f.byClass[stance].labelled, stance).toBeGreaterThanOrEqual(50);
      expect(f.byClass[stance].precision, `${stance} precision`).toBeGreaterThanOrEqual(BAR);
      expect(f.byClass[stance].recall, `${stance} recall`).toBeGreaterThanOrEqual(BAR);
    }
  });
});

describe("mention stance held-out set: reported, not asserted", () => {
  it.each(STANCE_LANGUAGES)(
    "%s: prints precision and recall on answers never tuned on",
    (language) => {
      const f = stanceFigures(language, "holdout");
      console.log(`stance held-out ${language}: ${f.cases} answers; ${describeStanceFigures(f)}`);
      expect(f.cases).toBeGreaterThanOrEqual(40);
    },
  );
});
