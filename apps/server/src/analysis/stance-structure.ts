import { type AnswerLine, endsWithColon } from "./answer-layout.js";
import type { CompiledStanceLexicon } from "./stance-cues.js";
import type { StanceToken } from "./stance-tokens.js";

/** +1 a verdict for, -1 a verdict against. */
export type Verdict = 1 | -1;

/** The offset of the first colon in a line's content, or -1 (searching the line alone). */
function colonIn(text: string, line: AnswerLine): number {
  const at = text.slice(line.contentStart, line.end).indexOf(":");
  return at === -1 ? -1 : line.contentStart + at;
}

/** Tokens allowed before an item's subject (a number, an article). */
const SUBJECT_TOKENS = 2;

/** Most words of an item's label ("**For one room:**"). */
const LABEL_WORDS = 8;

/** Where an item's head ends: its first colon, spaced dash, bracket, full stop or comma. */
const HEAD_END = /:| [-\u2013\u2014] |\(|\. |, /;

/**
 * Verdicts from an answer's structure, keyed by entity token: the subject of a
 * list item, table row or heading whose list is introduced as picks (+1) or as
 * things to avoid (-1), and the entities after a label's colon in the same
 * sentence ("Best for teams: Acme", "two cheaper alternatives: Acme ...").
 * Entities in `reference` (reference points) get none.
 */
export function structuralVerdicts(input: {
  text: string;
  lines: readonly AnswerLine[];
  tokens: readonly StanceToken[];
  reference: ReadonlySet<number>;
  lex: CompiledStanceLexicon;
  /** Sentences that ask: their labels judge nothing. */
  questions: ReadonlySet<number>;
}): Map<number, Verdict> {
  const { text, lines, tokens, reference, lex } = input;
  const out = new Map<number, Verdict>();
  const classes = new Map<number, Verdict | 0>();
  const classOf = (index: number): Verdict | 0 => {
    const line = lines[index];
    if (!line) return 0;
    let verdict = classes.get(index);
    if (verdict === undefined) {
      verdict = lex.introClass(text.slice(line.contentStart, line.end));
      classes.set(index, verdict);
    }
    return verdict;
  };
  const byLine = new Map<number, number[]>();
  tokens.forEach((t, i) => {
    const list = byLine.get(t.line);
    if (list) list.push(i);
    else byLine.set(t.line, [i]);
  });
  for (const [index, members] of byLine) {
    const line = lines[index] as AnswerLine;
    for (const [i, v] of labelVerdicts(text, line, tokens, members, lex, input.questions)) {
      if (!reference.has(i)) out.set(i, v);
    }
    if (line.kind === "text" || line.kind === "blank") continue;
    const subject = subjectOf(text, line, tokens, members);
    if (subject === -1 || reference.has(subject) || out.has(subject)) continue;
    const verdict =
      classOf(line.intro) ||
      classOf(line.header) ||
      classOf(line.heading) ||
      rankingVerdict(text, lines, line);
    if (verdict !== 0) out.set(subject, verdict);
  }
  return out;
}

/** A numbered list introduced by a line ending with a colon ranks picks ("For travel to censored countries:"). */
function rankingVerdict(text: string, lines: readonly AnswerLine[], line: AnswerLine): Verdict | 0 {
  const intro = lines[line.intro];
  if (!line.numbered || !intro) return 0;
  return endsWithColon(text, intro) ? 1 : 0;
}

/**
 * The first entity of an item's or heading's head, or of a table row; for an
 * item headed by a label ("**For one room:** Initech, ..."), the first entity after it.
 */
function subjectOf(
  text: string,
  line: AnswerLine,
  tokens: readonly StanceToken[],
  members: readonly number[],
): number {
  const first = members.find((i) => tokens[i]?.kind === "entity");
  if (first === undefined || line.kind === "row") return first ?? -1;
  const content = text.slice(line.contentStart, line.end);
  // A bold lead is the head ("**1. Acme** — ..."); otherwise up to the first separator.
  const bold = content.startsWith("**") ? content.indexOf("**", 2) : -1;
  const separator = bold !== -1 ? bold : content.search(HEAD_END);
  const headEnd = line.contentStart + (separator === -1 ? content.length : separator);
  // The head's subject opens it ("**Acme** –", "1. The Acme X3"), not "Export your data from Acme".
  const opening = members.indexOf(first) <= SUBJECT_TOKENS;
  if ((tokens[first] as StanceToken).start < headEnd) return opening ? first : -1;
  const labelEnd = colonIn(text, line);
  if (labelEnd === -1) return -1;
  const labelWords = members.filter(
    (i) => tokens[i]?.kind === "word" && (tokens[i] as StanceToken).start < labelEnd,
  );
  if (labelWords.length > LABEL_WORDS) return -1;
  const after = members.find(
    (i) => tokens[i]?.kind === "entity" && (tokens[i] as StanceToken).start > labelEnd,
  );
  return after ?? -1;
}

/**
 * A label before a colon whose words after its last entity introduce picks or
 * things to avoid: that verdict for every entity after the colon in the same sentence.
 */
function labelVerdicts(
  text: string,
  line: AnswerLine,
  tokens: readonly StanceToken[],
  members: readonly number[],
  lex: CompiledStanceLexicon,
  questions: ReadonlySet<number>,
): Array<[number, Verdict]> {
  const colon = colonIn(text, line);
  if (colon === -1) return [];
  let labelStart = line.contentStart;
  let sentence = -1;
  for (const i of members) {
    const t = tokens[i] as StanceToken;
    if (t.start > colon) break;
    // The label starts at its sentence ("Acme is the top pick. One caveat: ..." labels "One caveat").
    if (t.sentence !== sentence) labelStart = t.start;
    if (t.kind === "entity") labelStart = t.end;
    sentence = t.sentence;
  }
  if (questions.has(sentence)) return [];
  const verdict = lex.labelClass(text.slice(labelStart, colon));
  if (verdict === 0) return [];
  return members
    .filter((i) => {
      const t = tokens[i] as StanceToken;
      return t.kind === "entity" && t.start > colon && t.sentence === sentence;
    })
    .map((i) => [i, verdict]);
}
