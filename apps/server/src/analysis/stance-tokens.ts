import { type AnswerLine, lineAt } from "./answer-layout.js";
import type { Occurrence } from "./mention-scanner.js";
import { type Sentences, sentenceAt } from "./sentences.js";

/** A word, a clause mark or an entity's occurrence, in text order. */
export interface StanceToken {
  kind: "word" | "mark" | "entity";
  /** Folded word or mark; "" for an entity. */
  text: string;
  /** Folded offsets. */
  start: number;
  end: number;
  /** The entity's index (kind "entity"), else -1. */
  entity: number;
  sentence: number;
  /** A sentence's parts between `;` and `:`: how far a cue reaches for its entity. */
  span: number;
  /** Index into the answer's lines. */
  line: number;
  /** Paragraphs break at blank lines, headings, list items and table rows. */
  paragraph: number;
}

// Words (Catalan `l·l` inside a word), clause marks, and dashes between spaces.
const TOKEN = /[\p{L}\p{N}]+(?:·\p{L}+)*|[,;:()]| [-\u2013\u2014] /gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Most words of a product name read as part of the brand before it. */
const PRODUCT_WORDS = 3;
/** Words a title-cased heading capitalises that never name a product ("Why Acme Is The Best"). */
const FUNCTION_WORDS = new Set(
  (
    "is isn are aren was wasn were the a an and or nor of to in on at for with vs versus why how what which who " +
    "does doesn do don has hasn have haven can will won would wouldn should shouldn it its this that " +
    "not no by as from than over instead really still also es no el la los las de del y o u para por con " +
    "en que un una ni est le les des du et ou pour avec dans pas ne ni els per amb i"
  ).split(" "),
);

/** The answer's tokens, each counted occurrence one entity token in place of its words. */
export function stanceTokens(
  text: string,
  occurrences: readonly Occurrence[],
  sentences: Sentences,
  lines: readonly AnswerLine[],
  /** Whether the word at a folded offset was written capitalised in the answer. */
  capitalized: (offset: number) => boolean,
  /** Whether a word starts a cue (a title-case "Isn't The Best Choice" stays words). */
  isCue: (word: string) => boolean,
): StanceToken[] {
  const paragraphOfLine = paragraphs(lines);
  const tokens: StanceToken[] = [];
  const push = (
    kind: StanceToken["kind"],
    word: string,
    start: number,
    end: number,
    entity: number,
  ) => {
    const line = lineAt(lines, start);
    tokens.push({
      kind,
      text: word,
      start,
      end,
      entity,
      sentence: sentenceAt(sentences, start),
      span: 0,
      line,
      paragraph: paragraphOfLine[line] as number,
    });
  };
  let next = 0;
  let productWords = 0;
  const pushEntitiesUpTo = (offset: number) => {
    while (next < occurrences.length && (occurrences[next] as Occurrence).start <= offset) {
      const o = occurrences[next++] as Occurrence;
      push("entity", "", o.start, o.end, o.entity);
      productWords = 0;
    }
  };
  for (const m of text.matchAll(TOKEN)) {
    pushEntitiesUpTo(m.index);
    const last = occurrences[next - 1];
    if (last !== undefined && m.index < last.end) continue;
    // A product's name after its brand ("Acme Studio", "Globex X3") belongs to the entity.
    const previous = tokens[tokens.length - 1];
    const adjacent = previous !== undefined && /^ ?$/.test(text.slice(previous.end, m.index));
    if (
      adjacent &&
      (previous.kind === "entity" || productWords > 0) &&
      productWords < PRODUCT_WORDS
    ) {
      const word = m[0].toLowerCase();
      if ((capitalized(m.index) && !FUNCTION_WORDS.has(word) && !isCue(word)) || /\d/.test(word)) {
        productWords++;
        previous.end = m.index + m[0].length;
        continue;
      }
    }
    productWords = 0;
    const end = m.index + m[0].length;
    push(LETTER_OR_DIGIT.test(m[0]) ? "word" : "mark", m[0].trim(), m.index, end, -1);
  }
  pushEntitiesUpTo(text.length);
  let span = 0;
  tokens.forEach((t, i) => {
    const previous = tokens[i - 1];
    if (
      previous &&
      (previous.sentence !== t.sentence || previous.text === ";" || previous.text === ":")
    )
      span++;
    t.span = span;
  });
  return tokens;
}

function paragraphs(lines: readonly AnswerLine[]): Int32Array {
  const out = new Int32Array(lines.length);
  let paragraph = 0;
  lines.forEach((line, i) => {
    // Blank lines separate paragraphs without being one: the next paragraph is the next number.
    const continues =
      line.kind === "blank" || (line.kind === "text" && lines[i - 1]?.kind === "text");
    if (!continues) paragraph++;
    out[i] = paragraph;
  });
  return out;
}

/** Sentences whose last mark is a question mark: their cues ask, they do not judge. */
export function questionSentences(text: string, sentences: Sentences): Set<number> {
  const out = new Set<number>();
  let start = 0;
  sentences.ends.forEach((end, i) => {
    if (/\?[\s"')\]*_]*$/.test(text.slice(Math.max(start, end - 8), end))) out.add(i);
    start = end;
  });
  return out;
}

/** Lookups over an answer's tokens, built once, so every rule reads in constant time. */
export interface TokenIndex {
  /** Per sentence: one past its last token. */
  sentenceEnd: Map<number, number>;
  sentencesWithEntities: Set<number>;
  /** Per span: its first token and one past its last. */
  spanStart: Map<number, number>;
  spanEnd: Map<number, number>;
  /** Per span: its entity tokens, in order. */
  spanEntities: Map<number, number[]>;
  /** Per line: its entity tokens, in order. */
  lineEntities: Map<number, number[]>;
}

export function indexTokens(tokens: readonly StanceToken[]): TokenIndex {
  const index: TokenIndex = {
    sentenceEnd: new Map(),
    sentencesWithEntities: new Set(),
    spanStart: new Map(),
    spanEnd: new Map(),
    spanEntities: new Map(),
    lineEntities: new Map(),
  };
  const push = (map: Map<number, number[]>, key: number, value: number) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  tokens.forEach((t, i) => {
    index.sentenceEnd.set(t.sentence, i + 1);
    if (!index.spanStart.has(t.span)) index.spanStart.set(t.span, i);
    index.spanEnd.set(t.span, i + 1);
    if (t.kind !== "entity") return;
    index.sentencesWithEntities.add(t.sentence);
    push(index.spanEntities, t.span, i);
    push(index.lineEntities, t.line, i);
  });
  return index;
}
