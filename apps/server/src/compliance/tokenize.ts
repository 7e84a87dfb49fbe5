import { type FoldedText, foldText } from "../analysis/text-fold.js";

/** A word, a number or a bracket of the folded text (lower case, no accents). */
export interface Token {
  /** The folded token; `n't` reads `not` and French `n'` reads `ne`. */
  norm: string;
  /** Folded offsets, `end` exclusive. */
  start: number;
  end: number;
  /** Clause number within the text: `,` `;` `:` and brackets start a new clause. */
  clause: number;
  isNumber: boolean;
}

export interface TokenizedSentence {
  /** Token indices `[from, to)`. */
  from: number;
  to: number;
  /** Folded offsets of the sentence. */
  start: number;
  end: number;
  /** Ends with `?` or starts with `¿`: a question asserts nothing. */
  isQuestion: boolean;
}

export interface TokenizedText {
  folded: FoldedText;
  tokens: Token[];
  sentences: TokenizedSentence[];
}

// Words (Catalan `l·l` kept inside a word), `%`, brackets, clause and sentence punctuation.
// Every alternative consumes at least one character and none can overlap another: linear time.
const TOKEN = /[\p{L}\p{N}]+(?:·[\p{L}\p{N}]+)*|[%()[\]]|[,;:]|[.!?…]+|\n|¿/gu;
const DIGITS = /^\p{N}+$/u;
const SENTENCE_END_FOLLOWERS = /[\s'")\]*_]/u;

/**
 * Splits text into tokens and sentences on a folded copy (lower case, Unicode NFD without
 * combining marks, typographic apostrophes as `'`), keeping a map back to original offsets.
 * A sentence ends after `.`, `!`, `?` or `…` followed by a space, a quote, a bracket or the
 * end (so `acme.com` and `3.5` do not end one), and at a line break.
 */
export function tokenize(text: string): TokenizedText {
  const folded = foldText(text);
  const f = folded.text;
  const tokens: Token[] = [];
  const sentences: TokenizedSentence[] = [];
  let clause = 0;
  let sentenceFrom = 0;
  let sentenceStart = 0;
  let opensWithQuestion = false;
  const endSentence = (end: number, isQuestion: boolean) => {
    if (tokens.length > sentenceFrom) {
      sentences.push({
        from: sentenceFrom,
        to: tokens.length,
        start: sentenceStart,
        end,
        isQuestion: isQuestion || opensWithQuestion,
      });
    }
    sentenceFrom = tokens.length;
    sentenceStart = end;
    opensWithQuestion = false;
    clause++;
  };
  for (const m of f.matchAll(TOKEN)) {
    const s = m[0];
    const start = m.index;
    const end = start + s.length;
    const c = s.charCodeAt(0);
    if (s === "\n") {
      endSentence(end, false);
    } else if (s === "¿") {
      if (tokens.length === sentenceFrom) opensWithQuestion = true;
    } else if (c === 0x2c || c === 0x3b || c === 0x3a) {
      clause++;
    } else if (c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026) {
      const next = f[end];
      if (next === undefined || SENTENCE_END_FOLLOWERS.test(next))
        endSentence(end, s.includes("?"));
    } else if (s === "(" || s === ")" || s === "[" || s === "]") {
      clause++;
      tokens.push({ norm: s, start, end, clause, isNumber: false });
      clause++;
    } else {
      let norm = s;
      const prev = tokens[tokens.length - 1];
      if (
        s === "t" &&
        f[start - 1] === "'" &&
        prev !== undefined &&
        prev.end === start - 1 &&
        prev.norm.endsWith("n")
      ) {
        norm = "not";
      } else if (s === "n" && f[end] === "'") {
        norm = "ne";
      }
      tokens.push({ norm, start, end, clause, isNumber: DIGITS.test(s) });
    }
  }
  endSentence(f.length, false);
  return { folded, tokens, sentences };
}
