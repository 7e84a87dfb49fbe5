import { answerLines } from "./answer-layout.js";
import type { Occurrence } from "./mention-scanner.js";
import type { Sentences } from "./sentences.js";
import { attachCues, type Cue, coordinated } from "./stance-attach.js";
import { type CompiledStanceLexicon, stanceLexiconFor } from "./stance-cues.js";
import { structuralVerdicts, type Verdict } from "./stance-structure.js";
import {
  indexTokens,
  questionSentences,
  type StanceToken,
  stanceTokens,
  type TokenIndex,
} from "./stance-tokens.js";
import type { Stance } from "./types.js";

export interface EntityStance {
  stance: Stance;
  /** Folded offset of the occurrence carrying the verdict (the recommended order). */
  verdictAt: number;
}

/** The most characters of an answer the stance reads (an answer of about 30,000 words). */
export const STANCE_MAX_CHARS = 200_000;
/** Words before a cue in which a negator flips (or, for a discouraging cue, voids) it. */
const NEGATION_WINDOW = 5;
/** Extra words a negation reaches past a relative word. */
const RELATIVE_REACH = 3;
/** Words allowed between a reference cue and its entity ("unlike the Acme"). */
const REFERENCE_GAP = 1;

/**
 * The stance of each counted entity in one answer (docs/metrics.md, "Mention
 * stance"): a verdict for it (recommended) or against it (discouraged) from a
 * cue phrase attached to the nearest entity it can judge, or from its place as
 * the subject of a list item, table row, heading or label whose list is
 * introduced as picks or as things to avoid; otherwise mentioned. A cue in a
 * question judges nothing; an entity named as a reference point ("unlike
 * Acme") gets no verdict there. With verdicts both ways, the last one in the
 * answer holds. Pure.
 */
export function mentionStances(input: {
  foldedText: string;
  sentences: Sentences;
  /** Counted occurrences, sorted by start. */
  occurrences: readonly Occurrence[];
  language: string;
  /** Whether the word at a folded offset was written capitalised in the answer. */
  capitalized: (offset: number) => boolean;
}): Map<number, EntityStance> {
  const lex = stanceLexiconFor(input.language);
  // The stance reads an answer's first STANCE_MAX_CHARS: a verdict further on is out of its reach
  // (mentions there stay `mentioned`), so the tokens an untrusted answer costs stay bounded.
  const foldedText = input.foldedText.slice(0, STANCE_MAX_CHARS);
  const occurrences = input.occurrences.filter((o) => o.end <= foldedText.length);
  const lines = answerLines(foldedText);
  const isCue = (word: string) =>
    lex.verdict([{ kind: "word", text: word }], 0) !== null || lex.negators.has(word);
  const tokens = stanceTokens(
    foldedText,
    occurrences,
    input.sentences,
    lines,
    input.capitalized,
    isCue,
  );
  const questions = questionSentences(foldedText, input.sentences);
  const cues = findCues(tokens, lex, questions);
  const reference = referenceEntities(tokens, lex, cues);
  const verdicts = new Map<number, Verdict>();
  const index = indexTokens(tokens);
  for (const [i, v] of attachCues({ tokens, index, lines, reference, cues, lex })) {
    // A discouraging cue outweighs a recommending one on the same occurrence.
    if (verdicts.get(i) !== -1) verdicts.set(i, v);
  }
  const structural = structuralVerdicts({
    text: foldedText,
    lines,
    tokens,
    reference,
    lex,
    questions,
  });
  for (const [i, v] of structural) if (!verdicts.has(i)) verdicts.set(i, v);
  for (const i of contrastedAlternatives({ tokens, index, reference, verdicts, lex })) {
    verdicts.set(i, 1);
  }

  const out = new Map<number, EntityStance>();
  for (const token of tokens) {
    if (token.kind === "entity" && !out.has(token.entity)) {
      out.set(token.entity, { stance: "mentioned", verdictAt: token.start });
    }
  }
  for (const [i, v] of [...verdicts].sort((a, b) => a[0] - b[0])) {
    const token = tokens[i] as StanceToken;
    const stance: Stance = v === 1 ? "recommended" : "discouraged";
    if (out.get(token.entity)?.stance !== stance) {
      out.set(token.entity, { stance, verdictAt: token.start });
    }
  }
  return out;
}

/** Words from its sentence's start within which an entity is the sentence's subject. */
const SUBJECT_WORDS = 6;
/** Sentences after a discouraged entity's in which its alternative is looked for. */
const ALTERNATIVE_SENTENCES = 2;

/**
 * The alternative an answer offers right after advising against something
 * ("Avoid Oscorp: ... . Nakatomi offers ..."): the entities opening the
 * first of the next two sentences after a discouraged one's that names any
 * (in the same or the next paragraph),
 * when they have no verdict of their own, are not the discouraged one, are
 * not an aside, and the sentence does not liken them to it ("the same", "also").
 */
function contrastedAlternatives(input: {
  tokens: readonly StanceToken[];
  index: TokenIndex;
  reference: ReadonlySet<number>;
  verdicts: ReadonlyMap<number, Verdict>;
  lex: CompiledStanceLexicon;
}): number[] {
  const { tokens, index, reference, verdicts, lex } = input;
  const judged = new Set([...verdicts.keys()].map((i) => (tokens[i] as StanceToken).entity));
  const out: number[] = [];
  for (const [i, v] of verdicts) {
    if (v !== -1) continue;
    const against = tokens[i] as StanceToken;
    // The first of the next sentences (at most ALTERNATIVE_SENTENCES) naming any entity.
    let k = index.sentenceEnd.get(against.sentence) as number;
    for (let n = 1; n < ALTERNATIVE_SENTENCES; n++) {
      const next = tokens[k];
      if (!next || index.sentencesWithEntities.has(next.sentence)) break;
      k = index.sentenceEnd.get(next.sentence) as number;
    }
    const next = tokens[k];
    if (!next || next.paragraph > against.paragraph + 1) continue;
    const end = index.sentenceEnd.get(next.sentence) as number;
    // "Avoid Globex. Acme has the same problem." offers no alternative.
    if (hasParallel(tokens, k, end, lex)) continue;
    let words = 0;
    for (let j = k; j < end && words <= SUBJECT_WORDS; j++) {
      const t = tokens[j] as StanceToken;
      if (t.kind === "word") words++;
      if (t.kind !== "entity") continue;
      // An aside ("Cyberdyne, which you also mention, ...") is no alternative.
      const aside = tokens[j + 1]?.text === ",";
      if (!aside && !judged.has(t.entity) && !reference.has(j) && t.entity !== against.entity) {
        out.push(...coordinated(tokens, j, 1, lex).filter((c) => !reference.has(c)));
      }
      break;
    }
  }
  return out;
}

/** Whether tokens [from, to) hold a word likening what they name to what came before. */
function hasParallel(
  tokens: readonly StanceToken[],
  from: number,
  to: number,
  lex: CompiledStanceLexicon,
): boolean {
  for (let k = from; k < to; k++) if (lex.parallel(tokens, k)) return true;
  return false;
}

/** Verdict cues, longest first from the left, with negation applied; none in questions. */
function findCues(
  tokens: readonly StanceToken[],
  lex: CompiledStanceLexicon,
  questions: ReadonlySet<number>,
): Cue[] {
  const out: Cue[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const cue = lex.verdict(tokens, i);
    if (!cue) continue;
    const start = i;
    const end = i + cue.length - 1;
    i = end;
    if (questions.has((tokens[start] as StanceToken).sentence)) continue;
    const verdict = negated(tokens, start, lex, cue.verdict);
    if (verdict !== 0) out.push({ start, end, verdict, direction: cue.direction });
  }
  return out;
}

/**
 * The cue's verdict after the words before it in its sentence: a past marker
 * within the window voids it; a negator flips a recommending cue and voids a
 * discouraging one. The window reaches across one relative word ("not an
 * offer that I'd recommend").
 */
function negated(
  tokens: readonly StanceToken[],
  start: number,
  lex: CompiledStanceLexicon,
  verdict: Verdict,
): Verdict | 0 {
  const span = (tokens[start] as StanceToken).span;
  let window = NEGATION_WINDOW;
  for (let k = start - 1, seen = 0; k >= 0 && seen < window; k--, seen++) {
    const t = tokens[k] as StanceToken;
    if (t.kind !== "word" || t.span !== span) break;
    if (lex.past(tokens, k)) return 0;
    if (lex.coordinators.has(t.text)) break;
    if (isNegator(tokens, k, lex)) return verdict === 1 ? -1 : 0;
    if (lex.relatives.has(t.text) && window === NEGATION_WINDOW) window += RELATIVE_REACH;
  }
  return verdict;
}

/** English auxiliaries whose `n't` folds to the words `...n` and `t`. */
const NT_AUXILIARIES = new Set(
  "isn aren wasn weren don doesn didn won wouldn can couldn shouldn haven hasn hadn mustn needn ain".split(
    " ",
  ),
);

/** A negator, or the `t` of an English `n't` ("wouldn't": not Catalan "t'aconsello"). */
function isNegator(tokens: readonly StanceToken[], i: number, lex: CompiledStanceLexicon): boolean {
  const t = tokens[i] as StanceToken;
  if (lex.negators.has(t.text)) return true;
  return t.text === "t" && NT_AUXILIARIES.has(tokens[i - 1]?.text ?? "");
}

/** Entity tokens a reference cue outside any verdict cue makes a reference point ("unlike Acme"). */
function referenceEntities(
  tokens: readonly StanceToken[],
  lex: CompiledStanceLexicon,
  cues: readonly Cue[],
): Set<number> {
  const insideCue = new Set<number>();
  for (const c of cues) for (let k = c.start; k <= c.end; k++) insideCue.add(k);
  const out = new Set<number>();
  for (let i = 0; i < tokens.length; i++) {
    if (insideCue.has(i)) continue;
    const length = lex.reference(tokens, i);
    if (length === 0) continue;
    let j = i + length;
    for (let gap = 0; gap < REFERENCE_GAP && tokens[j]?.kind === "word"; gap++) j++;
    if (tokens[j]?.kind !== "entity") continue;
    for (const k of coordinated(tokens, j, 1, lex)) out.add(k);
  }
  return out;
}
