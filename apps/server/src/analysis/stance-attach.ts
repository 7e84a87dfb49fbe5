import type { AnswerLine } from "./answer-layout.js";
import type { CompiledStanceLexicon } from "./stance-cues.js";
import type { Verdict } from "./stance-structure.js";
import type { StanceToken, TokenIndex } from "./stance-tokens.js";

/** A verdict cue found in the answer, negation applied. */
export interface Cue {
  /** First and last token. */
  start: number;
  end: number;
  verdict: Verdict;
  /** Where its entity is looked for first. */
  direction: "after" | "before";
}

/** Articles and "of" allowed between a coordinator and its entity ("or the Acme", "y de Hooli"). */
const ARTICLES = new Set([
  "the",
  "a",
  "an",
  "el",
  "la",
  "los",
  "las",
  "le",
  "les",
  "l",
  "els",
  "un",
  "una",
  "une",
  "lo",
  "de",
  "d",
  "del",
  "du",
]);
/** Words after a cue naming its entity after it up to which it may judge an entity before it in its clause. */
const TRAILING_IN_CLAUSE = 3;
/** The same, for an entity before it elsewhere in its span ("Oscorp? I'd avoid it"). */
const TRAILING_IN_SPAN = 1;
/**
 * Tokens a cue looks through for its entity, its antecedent, or a list's end, and entities a
 * coordination joins: answers are untrusted, so no rule scans further (each answer's stance
 * reads in time linear in its length).
 */
const REACH = 40;
const ANTECEDENT_REACH = 200;
const MAX_COORDINATED = 40;

type Scope = "clause" | "span";

/**
 * Attaches each cue to the entities it judges. A cue naming its entity after
 * it ("avoid Acme") looks after it in its clause up to a coordinator, then
 * before it in the clause when few words follow it or a possessive does ("I'd
 * avoid it", "stay away from its courses"), then after it in its span up to a
 * coordinator, then before it in its span when at most one word follows. A cue naming its entity before
 * it ("Acme is the best choice") looks before it in its clause, then after
 * it in the clause up to a coordinator ("the best choice is Acme"), then
 * before it in its span. In a span naming no entity, its antecedent.
 * Coordinated entities ("Acme and Globex are good choices") share it.
 */
export function attachCues(input: {
  tokens: readonly StanceToken[];
  index: TokenIndex;
  lines: readonly AnswerLine[];
  reference: ReadonlySet<number>;
  cues: readonly Cue[];
  lex: CompiledStanceLexicon;
}): Array<[number, Verdict]> {
  const { tokens, index, lines, reference, cues, lex } = input;
  const clause = clauses(tokens, lex);
  const pluralSpans = new Set<number>();
  tokens.forEach((t, k) => {
    if (t.kind === "word" && lex.plural(tokens, k)) pluralSpans.add(t.span);
  });
  const out: Array<[number, Verdict]> = [];
  const nearest = (
    from: number,
    step: 1 | -1,
    anchor: number,
    scope: Scope,
    stopAtCoordinator = false,
  ): number => {
    const a = tokens[anchor] as StanceToken;
    for (let j = from, n = 0; j >= 0 && j < tokens.length && n < REACH; j += step, n++) {
      const t = tokens[j] as StanceToken;
      if (scope === "clause" ? clause[j] !== clause[anchor] : t.span !== a.span) return -1;
      if (stopAtCoordinator && lex.coordinators.has(t.text) && !beforeEntity(tokens, j)) return -1;
      if (t.kind === "entity" && !reference.has(j)) return j;
    }
    return -1;
  };
  for (const cue of cues) {
    // A cue introducing the list below its line ("these are good options:") judges the list.
    if (introducesList(tokens, index, cue)) continue;
    // In a relative clause ("Acme is the one that I recommend for ..."), the entity is its antecedent.
    const relative = [1, 2, 3].some((d) => lex.relatives.has(tokens[cue.start - d]?.text ?? ""));
    const trailing = relative ? 0 : trailingWords(tokens, clause, cue.end);
    const possessive = lex.possessives.has(tokens[cue.end + 1]?.text ?? "");
    const plan: Array<() => number> =
      cue.direction === "after"
        ? [
            () => nearest(cue.end + 1, 1, cue.end, "clause", true),
            () =>
              trailing <= TRAILING_IN_CLAUSE || possessive
                ? nearest(cue.start - 1, -1, cue.start, "clause")
                : -1,
            () => nearest(cue.end + 1, 1, cue.end, "span", true),
            () =>
              trailing <= TRAILING_IN_SPAN || possessive
                ? nearest(cue.start - 1, -1, cue.start, "span")
                : -1,
          ]
        : [
            // Named right after it, an article between at most ("I would avoid Acme").
            () => adjacentAfter(tokens, reference, clause, cue.end),
            () => nearest(cue.start - 1, -1, cue.start, "clause"),
            () => nearest(cue.end + 1, 1, cue.end, "clause", true),
            () => nearest(cue.start - 1, -1, cue.start, "span"),
          ];
    let judged = false;
    for (const find of plan) {
      const j = find();
      if (j === -1) continue;
      const step = j > cue.end ? 1 : -1;
      for (const k of coordinated(tokens, j, step, lex)) {
        if (!reference.has(k)) out.push([k, cue.verdict]);
      }
      judged = true;
      break;
    }
    if (!judged) {
      const plural = pluralSpans.has((tokens[cue.start] as StanceToken).span);
      for (const j of antecedents({ tokens, index, lines, reference, cue, plural })) {
        out.push([j, cue.verdict]);
      }
    }
  }
  return out;
}

/** The entity token right after `end` in its clause (an article between allowed), or -1. */
function adjacentAfter(
  tokens: readonly StanceToken[],
  reference: ReadonlySet<number>,
  clause: Int32Array,
  end: number,
): number {
  const j = ARTICLES.has(tokens[end + 1]?.text ?? "") ? end + 2 : end + 1;
  const same = clause[j] === clause[end];
  return same && tokens[j]?.kind === "entity" && !reference.has(j) ? j : -1;
}

/** Whether the word at `j` is followed by an entity, an article between allowed ("ni Soylent", "or the Acme"). */
function beforeEntity(tokens: readonly StanceToken[], j: number): boolean {
  const next = ARTICLES.has(tokens[j + 1]?.text ?? "") ? tokens[j + 2] : tokens[j + 1];
  return next?.kind === "entity";
}

/** Whether the cue's span ends with a colon at the end of its line, with no entity after the cue. */
function introducesList(tokens: readonly StanceToken[], index: TokenIndex, cue: Cue): boolean {
  const span = (tokens[cue.start] as StanceToken).span;
  const entities = index.spanEntities.get(span) ?? [];
  if ((entities[entities.length - 1] ?? -1) > cue.end) return false;
  const end = index.spanEnd.get(span) as number;
  const last = tokens[end - 1] as StanceToken;
  return last.text === ":" && (tokens[end] === undefined || tokens[end]?.line !== last.line);
}

/**
 * The entity token at `i` and those joined to it by "and", "or" or commas, walking `step`:
 * commas join names only in a run a coordinator closes ("Acme, Globex and Initech"), not
 * two clauses ("Avoid Globex, Acme is the best choice").
 */
export function coordinated(
  tokens: readonly StanceToken[],
  i: number,
  step: 1 | -1,
  lex: CompiledStanceLexicon,
): number[] {
  const out = [i];
  const closed = step === 1 ? closedRun(tokens, i, lex) : false;
  let joined = false;
  let coordinator = false;
  for (let j = i + step; j >= 0 && j < tokens.length && out.length < MAX_COORDINATED; j += step) {
    const t = tokens[j] as StanceToken;
    if (t.kind === "entity" && joined) {
      out.push(j);
      joined = false;
    } else if (lex.coordinators.has(t.text)) {
      joined = true;
      coordinator = true;
    } else if (t.text === "," && (closed || coordinator)) {
      joined = true;
    } else if (!(joined && ARTICLES.has(t.text))) break;
  }
  return out;
}

/** Whether the run of names from entity token `i` on, joined by commas, ends with a coordinator. */
function closedRun(tokens: readonly StanceToken[], i: number, lex: CompiledStanceLexicon): boolean {
  let expectName = false;
  for (let j = i + 1, n = 0; j < tokens.length && n < 3 * MAX_COORDINATED; j++, n++) {
    const t = tokens[j] as StanceToken;
    if (lex.coordinators.has(t.text)) return true;
    if (t.kind === "entity" && expectName) expectName = false;
    else if (t.text === "," && !expectName) expectName = true;
    else if (!(expectName && ARTICLES.has(t.text))) return false;
  }
  return false;
}

/** Clause index per token: a new clause at each span, mark (but a comma in a list of entities) and contrast word. */
function clauses(tokens: readonly StanceToken[], lex: CompiledStanceLexicon): Int32Array {
  const out = new Int32Array(tokens.length);
  let clause = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as StanceToken;
    if (i > 0 && t.span !== tokens[i - 1]?.span) clause++;
    if (t.kind === "mark" && !(t.text === "," && inCoordination(tokens, i, lex))) clause++;
    else if (t.kind === "word" && lex.contrast(tokens, i) > 0) clause++;
    out[i] = clause;
  }
  return out;
}

/** A comma inside a run of names a coordinator closes ("Acme, Globex and Initech"). */
const inCoordination = (
  tokens: readonly StanceToken[],
  i: number,
  lex: CompiledStanceLexicon,
): boolean =>
  tokens[i - 1]?.kind === "entity" &&
  (lex.coordinators.has(tokens[i + 1]?.text ?? "")
    ? tokens[i + 2]?.kind === "entity"
    : tokens[i + 1]?.kind === "entity" && closedRun(tokens, i - 1, lex));

/** The entity tokens of the heading above `from` when they name exactly one entity. */
function headingSubject(
  tokens: readonly StanceToken[],
  index: TokenIndex,
  lines: readonly AnswerLine[],
  from: StanceToken,
): number[] {
  const heading = lines[from.line]?.heading ?? -1;
  const named = index.lineEntities.get(heading) ?? [];
  return new Set(named.map((j) => tokens[j]?.entity)).size === 1 ? named : [];
}

/** Word tokens after `end` in its clause, counted up to one more than any rule asks about. */
function trailingWords(tokens: readonly StanceToken[], clause: Int32Array, end: number): number {
  let n = 0;
  for (
    let k = end + 1;
    k < tokens.length && clause[k] === clause[end] && n <= TRAILING_IN_CLAUSE;
    k++
  ) {
    if (tokens[k]?.kind === "word") n++;
  }
  return n;
}

/**
 * What a cue in a span naming no entity judges ("I'd avoid it"): the entity of
 * the nearest earlier span of the paragraph that names any. When that span
 * names several: all of them after a plural word ("both are good options"),
 * else the one it opens with (its subject), else none. When the paragraph
 * names none, the one entity of the heading the cue sits under ("### Acme
 * ... Verdict: an excellent option").
 */
function antecedents(input: {
  tokens: readonly StanceToken[];
  index: TokenIndex;
  lines: readonly AnswerLine[];
  reference: ReadonlySet<number>;
  cue: Cue;
  /** The cue's span has a plural word. */
  plural: boolean;
}): number[] {
  const { tokens, index, reference, cue } = input;
  const from = tokens[cue.start] as StanceToken;
  if (index.spanEntities.has(from.span)) return [];
  let nearest = -1;
  const stop = Math.max(0, cue.start - ANTECEDENT_REACH);
  for (let j = cue.start - 1; j >= stop && tokens[j]?.paragraph === from.paragraph; j--) {
    if (tokens[j]?.kind === "entity" && !reference.has(j)) {
      nearest = j;
      break;
    }
  }
  if (nearest === -1) return headingSubject(tokens, index, input.lines, from);
  const span = (tokens[nearest] as StanceToken).span;
  const found = (index.spanEntities.get(span) ?? []).filter((j) => !reference.has(j));
  const entities = new Set(found.map((j) => (tokens[j] as StanceToken).entity));
  if (entities.size <= 1 || input.plural) return found;
  // Several: the one opening its span (articles before it at most), its subject.
  const opening = found[0] as number;
  const first = index.spanStart.get(span) as number;
  const opens =
    opening - first <= 3 && tokens.slice(first, opening).every((t) => ARTICLES.has(t.text));
  return opens ? found.filter((j) => tokens[j]?.entity === tokens[opening]?.entity) : [];
}
