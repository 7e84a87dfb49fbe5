import { createCitationClassifier, extractCitations } from "./citations.js";
import { countedOccurrences } from "./disambiguate.js";
import { DEFAULT_DOMAIN_TAXONOMY, type DomainTaxonomyList } from "./domain-taxonomy.js";
import { createMentionScanner, type Occurrence, orderEntities } from "./mention-scanner.js";
import { mentionStances } from "./mention-stance.js";
import { type Sentences, sentenceAt, sentenceSpan, splitSentences } from "./sentences.js";
import { type CompiledLexicon, lexiconFor, scoreSentence, sentimentLabel } from "./sentiment.js";
import { toOriginal } from "./text-fold.js";
import {
  ANALYSIS_VERSION,
  type AnalysisInput,
  type AnalysisSubject,
  type AnswerAnalysis,
  type MentionResult,
  type TrackedEntity,
} from "./types.js";
import { findUrlsInText } from "./url-normalize.js";

export interface AnswerAnalyzerOptions {
  /** Domain classes (default: the built-in list; see `loadDomainTaxonomy`). */
  taxonomy?: DomainTaxonomyList;
}

interface EntityTally {
  count: number;
  firstOffset: number;
  sentences: Set<number>;
}

/**
 * Builds the matchers for one subject once and returns the pure analysis of
 * one stored answer: mentions (count, first offset, rank, sentiment, stance and
 * recommended rank) and citations (normalised, deduplicated, classified). The
 * rules are those of docs/metrics.md ("Mentions", "Mention stance",
 * "Citations"); a change to them must bump ANALYSIS_VERSION.
 */
export function createAnswerAnalyzer(
  subject: AnalysisSubject,
  options: AnswerAnalyzerOptions = {},
): (input: AnalysisInput) => AnswerAnalysis {
  const entities = orderEntities(subject);
  const indexById = new Map(entities.map((e, i) => [e.id, i]));
  const scan = createMentionScanner(subject, entities);
  const classify = createCitationClassifier(entities, options.taxonomy ?? DEFAULT_DOMAIN_TAXONOMY);

  return function analyzeAnswer(input: AnalysisInput): AnswerAnalysis {
    const textUrls = findUrlsInText(input.answer);
    const citations = extractCitations(input, classify, textUrls);
    const scanned = scan(input.answer, textUrls);
    const foldedText = scanned.folded.text;
    const sentences = splitSentences(foldedText);

    const confirmed = new Set(scanned.domainsInText);
    for (const c of citations) {
      const i = c.entityId === null ? undefined : indexById.get(c.entityId);
      if (i !== undefined) confirmed.add(i);
    }
    const counted = countedOccurrences({
      entities,
      occurrences: scanned.occurrences,
      terms: scanned.terms,
      confirmed,
      foldedText,
      sentences,
    });

    const tallies = new Map<number, EntityTally>();
    for (const o of counted) {
      const t = tallies.get(o.entity);
      const sentence = sentenceAt(sentences, o.start);
      if (t) {
        t.count++;
        t.sentences.add(sentence);
      } else {
        tallies.set(o.entity, {
          count: 1,
          firstOffset: o.originalStart,
          sentences: new Set([sentence]),
        });
      }
    }

    const ordered = [...tallies].sort((a, b) => a[1].firstOffset - b[1].firstOffset);
    const sentiment = sentenceScorer(
      lexiconFor(input.language),
      foldedText,
      sentences,
      scanned.occurrences,
    );
    const stances = mentionStances({
      foldedText,
      sentences,
      occurrences: counted,
      language: input.language,
      capitalized: (offset) => {
        const ch = input.answer[toOriginal(scanned.folded, offset)] ?? "";
        return ch !== ch.toLowerCase();
      },
    });
    const recommendedRank = new Map(
      [...stances]
        .filter(([, s]) => s.stance === "recommended")
        .sort((a, b) => a[1].verdictAt - b[1].verdictAt)
        .map(([index], n) => [index, n + 1]),
    );
    const mentions: MentionResult[] = ordered.map(([index, t], n) => {
      const entity = entities[index] as TrackedEntity;
      let score = 0;
      for (const s of t.sentences) score += sentiment(s);
      return {
        entityId: entity.id,
        isSelf: entity.isSelf,
        count: t.count,
        firstOffset: t.firstOffset,
        rank: n + 1,
        sentiment: sentimentLabel(score),
        stance: stances.get(index)?.stance ?? "mentioned",
        recommendedRank: recommendedRank.get(index) ?? null,
      };
    });
    return { version: ANALYSIS_VERSION, mentions, citations };
  };
}

/** Index of the first occurrence ending after `offset` (occurrences sorted by start, disjoint). */
function firstEndingAfter(occurrences: readonly Occurrence[], offset: number): number {
  let lo = 0;
  let hi = occurrences.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((occurrences[mid] as Occurrence).end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Memoised net cue score per sentence, with every entity name blanked out
 * first so a name such as "Best Buy" is never read as a cue.
 */
function sentenceScorer(
  lex: CompiledLexicon,
  foldedText: string,
  sentences: Sentences,
  occurrences: readonly Occurrence[],
): (sentence: number) => number {
  const memo = new Map<number, number>();
  return (i) => {
    const cached = memo.get(i);
    if (cached !== undefined) return cached;
    const [start, end] = sentenceSpan(sentences, i);
    let text = "";
    let at = start;
    // Occurrences are sorted and do not overlap: from the first ending inside the sentence,
    // found by bisection (a scan of every occurrence per sentence was quadratic).
    for (let k = firstEndingAfter(occurrences, start); k < occurrences.length; k++) {
      const o = occurrences[k] as Occurrence;
      if (o.start >= end) break;
      text += `${foldedText.slice(at, Math.max(at, o.start))} `;
      at = Math.max(at, o.end);
    }
    text += foldedText.slice(at, end);
    const score = scoreSentence(lex, text);
    memo.set(i, score);
    return score;
  };
}
