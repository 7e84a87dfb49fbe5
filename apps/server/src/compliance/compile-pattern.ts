import { foldTerm } from "../analysis/text-fold.js";
import { buildTokenTestIndex, type TokenTestIndex } from "./token-test-index.js";

/** One token test: an exact folded word, a prefix (`stem*`), or any number (`#`). */
export type TokenTest =
  | { kind: "exact"; value: string }
  | { kind: "prefix"; value: string }
  | { kind: "number" };

/** A sequence of token tests, e.g. `side+effect*`. */
export type Alternative = TokenTest[];

export type PatternElement =
  | {
      kind: "alts";
      alts: Alternative[];
      /** The alternatives by their first token test. */
      byFirst: TokenTestIndex<Alternative>;
    }
  | { kind: "gap"; max: number };

export interface CompiledPattern {
  source: string;
  elements: PatternElement[];
  /** Written with `!`: the pattern carries its own negation, so negators before it are ignored. */
  ownNegation: boolean;
  /** The most tokens a match can span. */
  maxLength: number;
}

/** Longest gap `~N` a pattern may use (keeps matching linear with a small constant). */
export const MAX_GAP = 4;
const MIN_STEM = 3;

function compileWord(word: string, source: string): TokenTest {
  if (word === "#") return { kind: "number" };
  if (word === "%" || word === "(" || word === ")" || word === "[" || word === "]") {
    return { kind: "exact", value: word };
  }
  const isPrefix = word.endsWith("*");
  const value = foldTerm(isPrefix ? word.slice(0, -1) : word);
  if (!/^[\p{L}\p{N}]+(?:·[\p{L}\p{N}]+)*$/u.test(value)) {
    throw new Error(`compliance pattern "${source}": "${word}" is not one word`);
  }
  if (isPrefix && value.length < MIN_STEM) {
    throw new Error(`compliance pattern "${source}": stem "${word}" is shorter than ${MIN_STEM}`);
  }
  return isPrefix ? { kind: "prefix", value } : { kind: "exact", value };
}

/** `side+effect*` or `side effect*` (lexicon entries may use spaces) -> token tests. */
export function compileAlternative(text: string, source: string): Alternative {
  const words = text.split(/[+ ]+/).filter((w) => w.length > 0);
  if (words.length === 0) throw new Error(`compliance pattern "${source}": empty alternative`);
  return words.map((w) => compileWord(w, source));
}

/**
 * Compiles one pattern of the rule file (syntax in the file's `syntax` field): elements
 * separated by spaces; an element is `~N` (0..N other tokens) or alternatives separated by
 * `|`, each a word, `stem*`, `#`, `%`, a bracket, `@lexicon`, or several joined by `+`.
 * No regular expression is built from rule text, so matching cannot backtrack badly.
 */
export function compilePattern(
  source: string,
  lexicon: (name: string) => Alternative[],
): CompiledPattern {
  const ownNegation = source.startsWith("!");
  const body = ownNegation ? source.slice(1) : source;
  const elements: PatternElement[] = [];
  for (const part of body.trim().split(/\s+/)) {
    if (part.startsWith("~")) {
      const max = Number(part.slice(1));
      if (!Number.isInteger(max) || max < 1 || max > MAX_GAP) {
        throw new Error(`compliance pattern "${source}": gap "${part}" must be ~1..~${MAX_GAP}`);
      }
      elements.push({ kind: "gap", max });
      continue;
    }
    // The same spelling in several languages' lexicons is one alternative.
    const byKey = new Map<string, Alternative>();
    for (const alt of part.split("|")) {
      for (const a of alt.startsWith("@")
        ? lexicon(alt.slice(1))
        : [compileAlternative(alt, source)]) {
        const key = a.map((t) => (t.kind === "number" ? "#" : `${t.kind[0]}:${t.value}`)).join(" ");
        if (!byKey.has(key)) byKey.set(key, a);
      }
    }
    const alts = [...byKey.values()];
    const byFirst = buildTokenTestIndex(
      alts.map((a): [TokenTest, Alternative] => [a[0] as TokenTest, a]),
      256,
    );
    elements.push({ kind: "alts", alts, byFirst });
  }
  if (elements[0]?.kind !== "alts" || elements[elements.length - 1]?.kind !== "alts") {
    throw new Error(`compliance pattern "${source}": must start and end with words`);
  }
  const maxLength = elements.reduce(
    (n, el) => n + (el.kind === "gap" ? el.max : Math.max(...el.alts.map((a) => a.length))),
    0,
  );
  return { source, elements, ownNegation, maxLength };
}
