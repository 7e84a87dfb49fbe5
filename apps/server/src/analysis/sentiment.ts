import { type LanguageLexicon, SENTIMENT_LEXICONS } from "./sentiment-lexicon.js";
import type { Sentiment } from "./types.js";

/** A compiled lexicon: phrase -> polarity, stem -> polarity, negators, contrast words. */
export interface CompiledLexicon {
  phrases: Map<string, number>;
  stems: Map<string, number>;
  /** First words of multi-word phrases (so most words skip the phrase lookup). */
  phraseStarts: Set<string>;
  negators: Set<string>;
  contrast: Set<string>;
  longestStem: number;
  /** Polarity of single words already looked up (answers reuse a small vocabulary). */
  wordCache: Map<string, number>;
}

function compile(lexicons: readonly LanguageLexicon[]): CompiledLexicon {
  const out: CompiledLexicon = {
    phrases: new Map(),
    stems: new Map(),
    phraseStarts: new Set(),
    negators: new Set(),
    contrast: new Set(),
    longestStem: 0,
    wordCache: new Map(),
  };
  for (const lex of lexicons) {
    for (const [words, polarity] of [
      [lex.positive, 1],
      [lex.negative, -1],
    ] as const) {
      for (const w of words) {
        if (w.endsWith("*")) {
          const stem = w.slice(0, -1);
          out.stems.set(stem, polarity);
          out.longestStem = Math.max(out.longestStem, stem.length);
        } else {
          out.phrases.set(w, polarity);
          if (w.includes(" ")) out.phraseStarts.add(w.slice(0, w.indexOf(" ")));
        }
      }
    }
    for (const n of lex.negators) out.negators.add(n);
    for (const c of lex.contrast) out.contrast.add(c);
  }
  return out;
}

const byLanguage = new Map<string, CompiledLexicon>(
  Object.entries(SENTIMENT_LEXICONS).map(([lang, lex]) => [lang, compile([lex])]),
);
const allLanguages = compile(Object.values(SENTIMENT_LEXICONS));

/** The lexicon for a BCP 47 tag's primary language; the union of all four otherwise. */
export function lexiconFor(language: string): CompiledLexicon {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return byLanguage.get(primary) ?? allLanguages;
}

// Words (Catalan `l·l` kept inside a word) and clause punctuation, which ends a negation's scope.
const TOKEN = /[\p{L}\p{N}]+(?:·[\p{L}]+)*|[,;:()]/gu;
const NEGATION_WINDOW = 3;

function polarityOf(lex: CompiledLexicon, token: string): number {
  const cached = lex.wordCache.get(token);
  if (cached !== undefined) return cached;
  let polarity = lex.phrases.get(token) ?? 0;
  for (let k = Math.min(token.length, lex.longestStem); polarity === 0 && k >= 4; k--) {
    polarity = lex.stems.get(token.slice(0, k)) ?? 0;
  }
  if (lex.wordCache.size >= 50_000) lex.wordCache.clear();
  lex.wordCache.set(token, polarity);
  return polarity;
}

/**
 * Net cue score of one folded sentence: +1 per positive cue, -1 per negative
 * cue (phrases of up to three words first, then single words and stems); a cue
 * with a negator among the three words before it in the same clause flips; a
 * cue after a contrast word ("but", "pero", "però", "mais") counts double.
 */
export function scoreSentence(lex: CompiledLexicon, folded: string): number {
  const text = folded.includes("n't") ? folded.replace(/n't\b/g, " not") : folded;
  const tokens = text.match(TOKEN) ?? [];
  let score = 0;
  let weight = 1;
  let lastNegator = -Infinity;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (t.length === 1 && ",;:()".includes(t)) {
      lastNegator = -Infinity;
      continue;
    }
    if (lex.contrast.has(t)) {
      weight = 2;
      continue;
    }
    let polarity = 0;
    let span = 1;
    for (let n = lex.phraseStarts.has(t) ? 3 : 0; n >= 2 && polarity === 0; n--) {
      if (i + n > tokens.length) continue;
      const phrase = tokens.slice(i, i + n).join(" ");
      const p = lex.phrases.get(phrase);
      if (p !== undefined) {
        polarity = p;
        span = n;
      }
    }
    if (polarity === 0) polarity = polarityOf(lex, t);
    if (polarity === 0) {
      if (lex.negators.has(t)) lastNegator = i;
      continue;
    }
    const negated = i - lastNegator <= NEGATION_WINDOW;
    score += (negated ? -polarity : polarity) * weight;
    i += span - 1;
  }
  return score;
}

export function sentimentLabel(score: number): Sentiment {
  return score > 0 ? "positive" : score < 0 ? "negative" : "neutral";
}
