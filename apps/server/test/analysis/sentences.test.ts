import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sentenceAt, sentenceSpan, splitSentences } from "../../src/analysis/sentences.js";
import { analyze, counts, entity, subject } from "./analysis-fixtures.js";

/**
 * The rule as it was first written, a regular expression: a run of `.!?…`, then closing quotes,
 * brackets or emphasis, then a space, a line break or the end; or a line break. It backtracks
 * through the whole run of punctuation from every position of it (quadratic: 20,000 dots took
 * seconds), so it is only the reference for short texts here.
 */
function referenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (const m of text.matchAll(/[.!?…]+['")\]*_]*(?= |\n|$)|\n/g)) {
    const end = m.index + m[0].length;
    if (end > (ends[ends.length - 1] ?? 0)) ends.push(end);
  }
  if ((ends[ends.length - 1] ?? -1) < text.length) ends.push(text.length);
  return ends;
}

describe("splitSentences", () => {
  it.each([
    ["", [0]],
    ["One. Two.", [4, 9]],
    ["Is it? Yes! Fine…", [6, 11, 17]],
    ["Visit acme.com today. Version 3.5 is out.", [21, 41]],
    ['He said "no." Then left.', [13, 24]],
    ["Use **bold.** Next", [13, 18]],
    ["e.g. this", [4, 9]],
    ["line one\nline two", [9, 17]],
    ["end.\n\nnext", [4, 5, 6, 10]],
    ["Wait... what?! Really?!", [7, 14, 23]],
    ["dots...x", [8]],
    ["(see above.) Then", [12, 17]],
  ])("%j ends at %j", (text, ends) => {
    expect(splitSentences(text).ends).toEqual(ends);
  });

  it("finds the same sentences as the reference rule, on any short text", () => {
    const alphabet = fc.constantFrom(
      ".",
      "!",
      "?",
      "…",
      "'",
      '"',
      ")",
      "]",
      "*",
      "_",
      " ",
      "\n",
      "a",
      "1",
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join("")),
        (text) => {
          expect(splitSentences(text).ends).toEqual(referenceEnds(text));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  // Hostile pages and answers: each of these made the regular expression backtrack through the
  // whole run from every position of it (400,000 dots: many minutes). A linear scan reads each
  // character once, well inside the test's default time limit.
  it.each([
    ["dots then a letter", `a${".".repeat(400_000)}x`, [400_002]],
    ["dots then closers then a letter", `a${".".repeat(400_000)}${")".repeat(1_000)}x`, [401_002]],
    ["mixed marks then a letter", `a${"!?….".repeat(100_000)}x`, [400_002]],
    ["dots then the end", `a${".".repeat(400_000)}`, [400_001]],
  ])("400,000 marks: %s", (_name, text, ends) => {
    expect(splitSentences(text).ends).toEqual(ends);
  });

  it("sentenceAt and sentenceSpan find the sentence of an offset", () => {
    const s = splitSentences("One. Two. Three.");
    expect(sentenceAt(s, 0)).toBe(0);
    expect(sentenceAt(s, 5)).toBe(1);
    expect(sentenceAt(s, 15)).toBe(2);
    expect(sentenceSpan(s, 1)).toEqual([4, 9]);
  });
});

describe("an engine answer of 400,000 dots", () => {
  it("is analysed: the mentions around it are found", () => {
    const s = subject([entity("self", "Acme", { isSelf: true }), entity("globex", "Globex")]);
    const answer = `Acme is fine${".".repeat(400_000)}x Globex too.`;
    expect(counts(analyze(s, answer))).toEqual({ self: 1, globex: 1 });
  });
});
