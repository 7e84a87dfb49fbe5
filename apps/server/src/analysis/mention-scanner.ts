import AhoCorasick from "modern-ahocorasick";
import { normalizeEntityDomain } from "./citations.js";
import { type FoldedText, foldTerm, foldText, isWordChar, toOriginal } from "./text-fold.js";
import type { AnalysisSubject, TrackedEntity } from "./types.js";

type PatternData =
  /** A name or alias of `entities[entity]`; `surfaces` are its unfolded spellings. */
  | { kind: "surface"; entity: number; surfaces: string[] }
  /** A category term (matched at a word start; may continue as a longer word). */
  | { kind: "term" }
  /** A domain of an ambiguous entity written in the text (e.g. `notion.so`). */
  | { kind: "domain"; entity: number };

/** One occurrence of an entity's name or alias, after boundary and overlap rules. */
export interface Occurrence {
  entity: number;
  /** Folded-text offsets. */
  start: number;
  end: number;
  /** Original-text offset of the first character. */
  originalStart: number;
  /** Written with an upper-case initial, or exactly as one of the entity's spellings. */
  properCase: boolean;
}

export interface ScanResult {
  folded: FoldedText;
  /** Sorted by start, non-overlapping. */
  occurrences: Occurrence[];
  /** Folded [start, end) of category term hits. */
  terms: Array<[number, number]>;
  /** Entities (indices) whose domain is written in the text. */
  domainsInText: Set<number>;
}

export interface TextSpan {
  start: number;
  end: number;
}

/** The entities in matching priority: the self brand first, then in the given order. */
export function orderEntities(subject: AnalysisSubject): TrackedEntity[] {
  return [
    ...subject.entities.filter((e) => e.isSelf),
    ...subject.entities.filter((e) => !e.isSelf),
  ];
}

function buildPatterns(entities: readonly TrackedEntity[], categoryTerms: readonly string[]) {
  const bySurface = new Map<string, { kind: "surface"; entity: number; surfaces: string[] }>();
  entities.forEach((e, entity) => {
    for (const raw of [e.name, ...e.aliases]) {
      const key = foldTerm(raw);
      if (key.length === 0) continue;
      const existing = bySurface.get(key);
      // A spelling shared by two entities belongs to the first (self brand first).
      if (existing === undefined)
        bySurface.set(key, { kind: "surface", entity, surfaces: [raw.trim()] });
      else if (existing.entity === entity) existing.surfaces.push(raw.trim());
    }
  });
  const patterns: Array<{ pattern: string; data: PatternData }> = [];
  for (const [pattern, data] of bySurface) patterns.push({ pattern, data });
  for (const term of new Set(categoryTerms.map(foldTerm))) {
    if (term.length > 0) patterns.push({ pattern: term, data: { kind: "term" } });
  }
  entities.forEach((e, entity) => {
    if (!e.ambiguous) return;
    for (const d of new Set(e.domains.map((x) => foldTerm(normalizeEntityDomain(x))))) {
      if (d.includes(".")) patterns.push({ pattern: d, data: { kind: "domain", entity } });
    }
  });
  return patterns;
}

function isProperCase(original: string, surfaces: readonly string[]): boolean {
  const first = original[0] ?? "";
  if (first !== first.toLowerCase()) return true;
  return surfaces.includes(original);
}

/**
 * A scanner for one subject: one Aho-Corasick pass over the folded answer finds
 * every name, alias, category term and ambiguous-entity domain at once. Names
 * need a word boundary on each side whose pattern character is a letter or
 * digit, so "Acme" misses "Acmedia" but matches "Acme's", "l'Acme" and
 * "**Acme**". Overlapping names resolve leftmost-longest ("Acme Cloud" over
 * "Acme"). Names and terms inside URLs (`skip`) are ignored: a link is a
 * citation, not prose.
 */
export function createMentionScanner(subject: AnalysisSubject, entities: readonly TrackedEntity[]) {
  const patterns = buildPatterns(entities, subject.categoryTerms);
  const matcher = new AhoCorasick<PatternData>(patterns);
  // Boundary needed before / after each pattern (only where it starts / ends with a word character).
  const needLeft = patterns.map((p) => isWordChar(p.pattern[0]));
  const needRight = patterns.map((p) => isWordChar(p.pattern[p.pattern.length - 1]));

  return function scan(text: string, skip: readonly TextSpan[]): ScanResult {
    const folded = foldText(text);
    const f = folded.text;
    const candidates: Occurrence[] = [];
    const terms: Array<[number, number]> = [];
    const domainsInText = new Set<number>();
    for (const m of matcher.search(f)) {
      const data = m.data as PatternData;
      const { start, end } = m;
      if (needLeft[m.patternIndex] && isWordChar(f[start - 1])) continue;
      if (data.kind === "term") {
        const at = toOriginal(folded, start);
        if (!skip.some((s) => at >= s.start && at < s.end)) terms.push([start, end]);
        continue;
      }
      if (needRight[m.patternIndex] && isWordChar(f[end])) continue;
      if (data.kind === "domain") {
        domainsInText.add(data.entity);
        continue;
      }
      const originalStart = toOriginal(folded, start);
      if (skip.some((s) => originalStart >= s.start && originalStart < s.end)) continue;
      const original = text.slice(originalStart, toOriginal(folded, end));
      candidates.push({
        entity: data.entity,
        start,
        end,
        originalStart,
        properCase: isProperCase(original, data.surfaces),
      });
    }
    candidates.sort((a, b) => a.start - b.start || b.end - a.end);
    const occurrences: Occurrence[] = [];
    let taken = 0;
    for (const c of candidates) {
      if (c.start < taken) continue;
      occurrences.push(c);
      taken = c.end;
    }
    return { folded, occurrences, terms, domainsInText };
  };
}

export type MentionScanner = ReturnType<typeof createMentionScanner>;
