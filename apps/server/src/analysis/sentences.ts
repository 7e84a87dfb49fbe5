export interface Sentences {
  /** Exclusive end offset of each sentence, ascending; the last is the text length. */
  ends: number[];
}

const isMark = (c: number) => c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026; // . ! ? …
// ' " ) ] * _
const isCloser = (c: number) =>
  c === 0x27 || c === 0x22 || c === 0x29 || c === 0x5d || c === 0x2a || c === 0x5f;

/**
 * Sentence spans of a (folded) answer: a sentence ends after a run of `.`, `!`,
 * `?` or `…` (plus closing quotes, brackets or markdown emphasis) followed by
 * a space or the end, or at a line break. A dot inside a token (`acme.com`,
 * `3.5`) does not end a sentence; an abbreviation followed by a space does
 * (`e.g. `), a documented limit.
 *
 * One pass, each character read once: answers and pages are untrusted, and the regular
 * expression this rule was first written as (`/[.!?…]+['")\]*_]*(?= |\n|$)|\n/g`) backtracked
 * through a whole run of marks from every position of it (400,000 dots: many minutes).
 * `test/analysis/sentences.test.ts` checks the scan against that expression on short texts.
 */
export function splitSentences(text: string): Sentences {
  const ends: number[] = [];
  const push = (end: number) => {
    if (end > (ends[ends.length - 1] ?? 0)) ends.push(end);
  };
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      push(++i);
    } else if (isMark(c)) {
      // The whole run of marks, then of closers: a sentence ends there if a space, a line
      // break or the end follows; otherwise nothing in the run ends one.
      do i++;
      while (i < text.length && isMark(text.charCodeAt(i)));
      while (i < text.length && isCloser(text.charCodeAt(i))) i++;
      const next = text.charCodeAt(i);
      if (i === text.length || next === 0x20 || next === 0x0a) push(i);
    } else {
      i++;
    }
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
