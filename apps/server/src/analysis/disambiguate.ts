import type { Occurrence } from "./mention-scanner.js";
import { type Sentences, sentenceAt, wordsBetween } from "./sentences.js";
import type { TrackedEntity } from "./types.js";

/** Maximum number of words between an ambiguous name and its context cue. */
export const CONTEXT_WINDOW_WORDS = 8;

export interface DisambiguationInput {
  entities: readonly TrackedEntity[];
  occurrences: readonly Occurrence[];
  /** Folded [start, end) of category-term hits. */
  terms: ReadonlyArray<readonly [number, number]>;
  /** Entity indices with domain evidence (a domain written in the text or cited). */
  confirmed: ReadonlySet<number>;
  foldedText: string;
  sentences: Sentences;
}

/**
 * The occurrences that count. A non-ambiguous entity's occurrences always
 * count. An ambiguous entity's occurrences all count when it has domain
 * evidence; otherwise an occurrence counts only when (1) it is written as a
 * proper noun (upper-case initial, or exactly as spelled in the name/aliases)
 * and (2) the same sentence has, at most CONTEXT_WINDOW_WORDS words away, a
 * category term or an occurrence of another entity that counts by itself
 * (non-ambiguous or domain-confirmed).
 */
export function countedOccurrences(input: DisambiguationInput): Occurrence[] {
  const { entities, occurrences, terms, confirmed, foldedText, sentences } = input;
  const self = (o: Occurrence) =>
    !(entities[o.entity] as TrackedEntity).ambiguous || confirmed.has(o.entity);
  if (occurrences.every(self)) return occurrences.slice();

  const anchors = occurrences.filter(self);
  const near = (o: Occurrence, start: number, end: number): boolean => {
    if (start < o.end && end > o.start) return false;
    const from = end <= o.start ? end : o.end;
    const to = end <= o.start ? o.start : start;
    if (sentenceAt(sentences, start) !== sentenceAt(sentences, o.start)) return false;
    return wordsBetween(foldedText, from, to) <= CONTEXT_WINDOW_WORDS;
  };
  return occurrences.filter((o) => {
    if (self(o)) return true;
    if (!o.properCase) return false;
    return (
      terms.some(([s, e]) => near(o, s, e)) ||
      anchors.some((a) => a.entity !== o.entity && near(o, a.start, a.end))
    );
  });
}
