import { cat, eng, fra, spa } from "stopword";
import { foldTerm } from "./text-fold.js";

/**
 * Search queries matched to prompts (docs/seo.md, "Matching"): both are split into words with
 * Unicode word segmentation, folded (lower case, no accents), stripped of the stop words of
 * the workspace's languages and of plural endings; a query matches a prompt by the share of
 * its words the prompt contains.
 */

const stopWordsByLanguage: Record<string, readonly string[]> = {
  en: eng,
  es: spa,
  ca: cat,
  fr: fra,
};

/** The default smallest score for a query to count as covered by a prompt. */
export const DEFAULT_MIN_MATCH_SCORE = 0.6;

const segmenter = new Intl.Segmenter("und", { granularity: "word" });

export interface QueryTokenizer {
  /** The content words of a text, as a set. */
  tokens(text: string): Set<string>;
}

/** A tokenizer dropping the stop words of the given languages (English when none is known). */
export function createQueryTokenizer(languages: readonly string[]): QueryTokenizer {
  const stop = new Set<string>();
  for (const language of languages.length > 0 ? languages : ["en"]) {
    for (const word of stopWordsByLanguage[language] ?? eng) stop.add(foldTerm(word));
  }
  return {
    tokens(text) {
      const out = new Set<string>();
      for (const { segment, isWordLike } of segmenter.segment(foldTerm(text))) {
        if (!isWordLike || stop.has(segment)) continue;
        out.add(singular(segment));
      }
      return out;
    },
  };
}

/** Plural endings folded so "tools" meets "tool" (never below three letters, never "-ss"). */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The share of the query's words found in the prompt's (0 when the query has none). */
export function matchScore(query: ReadonlySet<string>, prompt: ReadonlySet<string>): number {
  if (query.size === 0) return 0;
  let found = 0;
  for (const word of query) if (prompt.has(word)) found++;
  return found / query.size;
}

export interface PromptTokens<P> {
  prompt: P;
  tokens: Set<string>;
}

/** The prompts scoring at least `minScore` for a query, best first (ties in the given order). */
export function matchPrompts<P>(
  query: ReadonlySet<string>,
  prompts: ReadonlyArray<PromptTokens<P>>,
  minScore: number,
): Array<{ prompt: P; score: number }> {
  const out: Array<{ prompt: P; score: number; index: number }> = [];
  prompts.forEach(({ prompt, tokens }, index) => {
    const score = matchScore(query, tokens);
    if (score >= minScore && score > 0) out.push({ prompt, score, index });
  });
  out.sort((a, b) => b.score - a.score || a.index - b.index);
  return out.map(({ prompt, score }) => ({ prompt, score: Math.round(score * 1000) / 1000 }));
}
