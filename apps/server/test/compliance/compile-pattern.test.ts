import { describe, expect, it } from "vitest";
import { compilePattern } from "../../src/compliance/compile-pattern.js";
import { matchPatternAt } from "../../src/compliance/match-pattern.js";
import { tokenize } from "../../src/compliance/tokenize.js";

const noLexicon = () => {
  throw new Error("no lexicon");
};
const matches = (pattern: string, text: string) => {
  const p = compilePattern(pattern, noLexicon);
  const { tokens } = tokenize(text);
  const found: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const end = matchPatternAt(tokens, i, tokens.length, p);
    if (end > 0)
      found.push(
        tokens
          .slice(i, end)
          .map((t) => t.norm)
          .join(" "),
      );
  }
  return found;
};

describe("compilePattern", () => {
  it("matches words, stems, numbers, percent and bounded gaps on folded words", () => {
    expect(matches("cure* ~1 acne|eczema", "It CURES the nasty Eczéma.")).toEqual([]);
    expect(matches("cure* ~2 acne|eczema", "It CURES the nasty Eczéma.")).toEqual([
      "cures the nasty eczema",
    ]);
    expect(matches("# out+of # dentist*", "9 out of 10 dentists")).toEqual([
      "9 out of 10 dentists",
    ]);
    expect(matches("100+%+safe", "It is 100% safe and 100 % safe.")).toEqual([
      "100 % safe",
      "100 % safe",
    ]);
    expect(matches("side+effect*", "side-effect free")).toEqual(["side effect"]);
  });

  it("reads n't as not and French n' as ne", () => {
    expect(matches("not cure", "It doesn't cure")).toEqual(["not cure"]);
    expect(matches("ne est pas", "Ce n'est pas")).toEqual(["ne est pas"]);
    expect(matches("oblida t de", "Oblida't de")).toEqual(["oblida t de"]);
  });

  it.each([
    ["~1 acne", "must start and end with words"],
    ["acne ~2", "must start and end with words"],
    ["cure ~5 acne", "gap"],
    ["cure ~0 acne", "gap"],
    ["cu* acne", "shorter than 3"],
    ["cure acne's", "is not one word"],
  ])("refuses %s", (pattern, message) => {
    expect(() => compilePattern(pattern, noLexicon)).toThrow(message);
  });
});
