import { createMentionScanner } from "../../analysis/mention-scanner.js";
import { sentenceAt, sentenceSpan, splitSentences } from "../../analysis/sentences.js";
import { toOriginal } from "../../analysis/text-fold.js";
import type { TrackedEntity } from "../../analysis/types.js";

export interface NameHits {
  /** Occurrences of any of the names. */
  count: number;
  /** Each spelling as written in the text, with its count (most frequent first). */
  spellings: Array<{ text: string; count: number }>;
  /** The first sentences naming it (at most `maxSentences`), trimmed around the name. */
  sentences: string[];
}

/** A sentence is cut to this many characters around the name. */
const SENTENCE_CHARS = 240;

function excerpt(text: string, start: number, end: number, at: number): string {
  let from = start;
  let to = end;
  if (to - from > SENTENCE_CHARS) {
    from = Math.max(start, at - SENTENCE_CHARS / 2);
    to = Math.min(end, from + SENTENCE_CHARS);
  }
  const body = text.slice(from, to).replace(/\s+/g, " ").trim();
  return `${from > start ? "…" : ""}${body}${to < end ? "…" : ""}`;
}

/**
 * Finds names in text with the answer analysis' scanner (analysis/mention-scanner.ts): case-
 * and accent-insensitive, whole words only ("Acme" misses "Acmedia", matches "ACME's"),
 * leftmost-longest when names overlap, a spelling shared by two entries going to the first.
 * Returns one result per entry of `names`, in order.
 */
export function findNames(options: {
  text: string;
  names: ReadonlyArray<{ name: string; aliases?: readonly string[] }>;
  maxSentences?: number;
}): NameHits[] {
  const { text } = options;
  const entities: TrackedEntity[] = options.names.map((entry, index) => ({
    id: String(index),
    name: entry.name,
    isSelf: index === 0,
    aliases: [...(entry.aliases ?? [])],
    domains: [],
    ambiguous: false,
  }));
  const results: NameHits[] = entities.map(() => ({ count: 0, spellings: [], sentences: [] }));
  if (entities.length === 0 || text === "") return results;
  const scan = createMentionScanner({ entities, categoryTerms: [] }, entities);
  const { folded, occurrences } = scan(text, []);
  const sentences = splitSentences(folded.text);
  const spellings = entities.map(() => new Map<string, number>());
  const seenSentences = entities.map(() => new Set<number>());
  for (const occurrence of occurrences) {
    const result = results[occurrence.entity] as NameHits;
    result.count++;
    const written = text.slice(occurrence.originalStart, toOriginal(folded, occurrence.end));
    const counts = spellings[occurrence.entity] as Map<string, number>;
    counts.set(written, (counts.get(written) ?? 0) + 1);
    const index = sentenceAt(sentences, occurrence.start);
    const seen = seenSentences[occurrence.entity] as Set<number>;
    if (seen.has(index) || result.sentences.length >= (options.maxSentences ?? 3)) continue;
    seen.add(index);
    const [start, end] = sentenceSpan(sentences, index);
    result.sentences.push(
      excerpt(text, toOriginal(folded, start), toOriginal(folded, end), occurrence.originalStart),
    );
  }
  results.forEach((result, index) => {
    result.spellings = [...(spellings[index] as Map<string, number>)]
      .map(([spelling, count]) => ({ text: spelling, count }))
      .sort((a, b) => b.count - a.count || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  });
  return results;
}
