/**
 * Sentence spans of a (folded) answer: a sentence ends after a run of `.`, `!`,
 * `?` or `…` (plus closing quotes, brackets or markdown emphasis) followed by
 * a space or the end, or at a line break. A dot inside a token (`acme.com`,
 * `3.5`) does not end a sentence; an abbreviation followed by a space does
 * (`e.g. `), a documented limit.
 */
const SENTENCE_END = /[.!?…]+['")\]*_]*(?= |\n|$)|\n/g;

export interface Sentences {
  /** Exclusive end offset of each sentence, ascending; the last is the text length. */
  ends: number[];
}

export function splitSentences(text: string): Sentences {
  const ends: number[] = [];
  for (const m of text.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    if (end > (ends[ends.length - 1] ?? 0)) ends.push(end);
  }
  if ((ends[ends.length - 1] ?? -1) < text.length) ends.push(text.length);
  return { ends };
}

/** Index of the sentence containing `offset` (binary search). */
export function sentenceAt(s: Sentences, offset: number): number {
  let lo = 0;
  let hi = s.ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((s.ends[mid] as number) > offset) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** [start, end) of sentence `i`. */
export function sentenceSpan(s: Sentences, i: number): [number, number] {
  return [i === 0 ? 0 : (s.ends[i - 1] as number), s.ends[i] as number];
}

const WORD_RUN = /[\p{L}\p{N}]+/gu;

/** Number of words in `text` between `from` and `to`. */
export function wordsBetween(text: string, from: number, to: number): number {
  if (to <= from) return 0;
  return text.slice(from, to).match(WORD_RUN)?.length ?? 0;
}
