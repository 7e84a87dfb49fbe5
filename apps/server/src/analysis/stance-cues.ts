import { STANCE_LEXICONS, type StanceLexicon } from "./stance-lexicon/index.js";

/** What the matcher reads of a token. */
export interface CueToken {
  kind: "word" | "mark" | "entity";
  text: string;
}

export interface VerdictCue {
  /** Words the cue spans. */
  length: number;
  verdict: 1 | -1;
  /** Where its entity is looked for first. */
  direction: "after" | "before";
}

interface Entry {
  words: string[];
  /** Per word: a prefix (written with a trailing `*`). */
  prefix: boolean[];
  cue?: Omit<VerdictCue, "length">;
}

export interface CompiledStanceLexicon {
  negators: ReadonlySet<string>;
  relatives: ReadonlySet<string>;
  possessives: ReadonlySet<string>;
  /** Words joining two clauses or names ("and", "y", "et", and "&", "as well as"): a negation stops there. */
  coordinators: ReadonlySet<string>;
  /** The longest verdict cue starting at word token `i`, or null. */
  verdict(tokens: readonly CueToken[], i: number): VerdictCue | null;
  /** Words of the reference cue starting at `i` ("rather than"), 0 when none. */
  reference(tokens: readonly CueToken[], i: number): number;
  /** Words of the contrast phrase starting at `i` ("sin embargo"), 0 when none. */
  contrast(tokens: readonly CueToken[], i: number): number;
  /** Whether a past-tense marker ("used to") starts at `i`: the cue after it no longer holds. */
  past(tokens: readonly CueToken[], i: number): boolean;
  /** Whether a word likening what it names to what came before ("the same", "also") starts at `i`. */
  parallel(tokens: readonly CueToken[], i: number): boolean;
  /** Whether a plural reference ("both", "ambas") starts at `i`. */
  plural(tokens: readonly CueToken[], i: number): boolean;
  /** -1 when the text introduces things to avoid (or negates a pick cue), +1 picks, 0 neither. */
  introClass(text: string): 1 | -1 | 0;
  /** The same for a label before a colon, from the narrower `labels` list. */
  labelClass(text: string): 1 | -1 | 0;
}

const WORD = /[\p{L}\p{N}]+(?:·\p{L}+)*/gu;
const MAX_CUE_WORDS = 5;
/** Words before a pick cue in an intro in which a negator makes it a list to avoid. */
const INTRO_NEGATION_WINDOW = 3;
const PREFIX_KEY = 4;
/** A negation in an intro reaches no further than its clause. */
const CLAUSE_BREAK = /[,;:.!?()]/;

const words = (text: string): string[] => text.match(WORD) ?? [];

function entries(list: readonly string[], cue?: Entry["cue"]): Entry[] {
  return list.map((raw) => {
    const parts = raw.split(" ").filter((p) => p.length > 0);
    const prefix = parts.map((p) => p.endsWith("*"));
    const w = parts.map((p) => (p.endsWith("*") ? p.slice(0, -1) : p));
    if (w.length > MAX_CUE_WORDS)
      throw new Error(`stance cue longer than ${MAX_CUE_WORDS} words: ${raw}`);
    // A prefix first word is indexed by its first letters.
    if (prefix[0] && (w[0] as string).length < PREFIX_KEY) {
      throw new Error(`stance cue prefix shorter than ${PREFIX_KEY} letters: ${raw}`);
    }
    return cue ? { words: w, prefix, cue } : { words: w, prefix };
  });
}

/** Entries by first word (a prefix first word by its first four letters), longest first. */
class EntryIndex {
  private readonly byFirst = new Map<string, Entry[]>();
  /** First four letters of the prefix first words: most words start no entry at all. */
  private readonly prefixKeys = new Set<string>();
  constructor(list: readonly Entry[]) {
    for (const e of list) {
      const first = e.words[0] as string;
      const key = e.prefix[0] ? first.slice(0, PREFIX_KEY) : first;
      if (e.prefix[0]) this.prefixKeys.add(key);
      const bucketKey = e.prefix[0] ? `${key}*` : key;
      const bucket = this.byFirst.get(bucketKey);
      if (bucket) bucket.push(e);
      else this.byFirst.set(bucketKey, [e]);
    }
    for (const bucket of this.byFirst.values()) {
      bucket.sort((a, b) => b.words.length - a.words.length);
    }
  }

  /** The longest entry matching the words `w` from their start. */
  longest(w: readonly string[]): Entry | null {
    return this.longestIn(
      w.map((text) => ({ kind: "word", text })),
      0,
    );
  }

  /** The longest entry matching the word tokens from `i` (a mark or entity ends the words). */
  longestIn(tokens: readonly CueToken[], i: number): Entry | null {
    const first = tokens[i];
    if (first?.kind !== "word") return null;
    const exact = this.byFirst.get(first.text);
    const prefixed =
      first.text.length >= PREFIX_KEY && this.prefixKeys.has(first.text.slice(0, PREFIX_KEY))
        ? this.byFirst.get(`${first.text.slice(0, PREFIX_KEY)}*`)
        : undefined;
    if (exact === undefined && prefixed === undefined) return null;
    let available = 1;
    while (available < MAX_CUE_WORDS && tokens[i + available]?.kind === "word") available++;
    let best: Entry | null = null;
    for (const bucket of [exact, prefixed]) {
      for (const e of bucket ?? []) {
        if ((best && best.words.length >= e.words.length) || e.words.length > available) continue;
        const matches = e.words.every((w, k) => {
          const text = (tokens[i + k] as CueToken).text;
          return e.prefix[k] ? text.startsWith(w) : text === w;
        });
        if (matches) best = e;
      }
    }
    return best;
  }
}

function compile(lex: StanceLexicon): CompiledStanceLexicon {
  const verdicts = new EntryIndex([
    ...entries(lex.discourageBefore, { verdict: -1, direction: "after" }),
    ...entries(lex.discourageAfter, { verdict: -1, direction: "before" }),
    ...entries(lex.recommendBefore, { verdict: 1, direction: "after" }),
    ...entries(lex.recommendAfter, { verdict: 1, direction: "before" }),
  ]);
  const reference = new EntryIndex(entries(lex.reference));
  const contrast = new EntryIndex(entries(lex.contrast));
  const past = new EntryIndex(entries(lex.past));
  const plural = new EntryIndex(entries(lex.plural));
  const parallel = new EntryIndex(entries(lex.parallel));
  const pick = new EntryIndex(entries(lex.pickIntro));
  const labels = new EntryIndex(entries(lex.labels));
  const avoid = new EntryIndex(entries(lex.avoidIntro));
  const negators = new Set(lex.negators);
  // Avoid cues win; a pick cue with a negator up to three words before it in its clause avoids.
  const classify = (text: string, picks: EntryIndex): 1 | -1 | 0 => {
    let found = false;
    for (const part of text.split(CLAUSE_BREAK)) {
      const w = words(part);
      for (let k = 0; k < w.length; k++) {
        const rest = w.slice(k, k + MAX_CUE_WORDS);
        if (avoid.longest(rest)) return -1;
        if (!picks.longest(rest)) continue;
        const before = w.slice(Math.max(0, k - INTRO_NEGATION_WINDOW), k);
        if (before.some((b) => negators.has(b))) return -1;
        found = true;
      }
    }
    return found ? 1 : 0;
  };
  const length = (index: EntryIndex, tokens: readonly CueToken[], i: number) =>
    index.longestIn(tokens, i)?.words.length ?? 0;
  return {
    negators,
    relatives: new Set(lex.relatives),
    possessives: new Set(lex.possessives),
    coordinators: new Set(lex.coordinators),
    verdict(tokens, i) {
      const entry = verdicts.longestIn(tokens, i);
      return entry?.cue ? { length: entry.words.length, ...entry.cue } : null;
    },
    reference: (tokens, i) => length(reference, tokens, i),
    contrast: (tokens, i) => length(contrast, tokens, i),
    past: (tokens, i) => length(past, tokens, i) > 0,
    plural: (tokens, i) => length(plural, tokens, i) > 0,
    parallel: (tokens, i) => length(parallel, tokens, i) > 0,
    introClass: (text) => classify(text, pick),
    labelClass: (text) => classify(text, labels),
  };
}

const union = (field: keyof StanceLexicon): string[] =>
  Object.values(STANCE_LEXICONS).flatMap((l) => l[field]);

const byLanguage = new Map<string, CompiledStanceLexicon>(
  Object.entries(STANCE_LEXICONS).map(([lang, lex]) => [lang, compile(lex)]),
);
const allLanguages = compile({
  recommendBefore: union("recommendBefore"),
  recommendAfter: union("recommendAfter"),
  discourageBefore: union("discourageBefore"),
  discourageAfter: union("discourageAfter"),
  reference: union("reference"),
  negators: union("negators"),
  relatives: union("relatives"),
  coordinators: union("coordinators"),
  possessives: union("possessives"),
  contrast: union("contrast"),
  past: union("past"),
  plural: union("plural"),
  parallel: union("parallel"),
  pickIntro: union("pickIntro"),
  labels: union("labels"),
  avoidIntro: union("avoidIntro"),
});

/** The cues for a BCP 47 tag's primary language; the union of all four otherwise. */
export function stanceLexiconFor(language: string): CompiledStanceLexicon {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return byLanguage.get(primary) ?? allLanguages;
}
