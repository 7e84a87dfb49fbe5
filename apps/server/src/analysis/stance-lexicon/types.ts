/**
 * Cues of a mention's stance for one language, in folded form (lower case, no
 * accents; apostrophes and hyphens break words: "i'd" is "i d"). An entry is a
 * phrase of up to five words; a word ending in `*` is a prefix of at least
 * four letters. Tuned on the development corpora in
 * `test/analysis/mention-stance/corpus`, measured on the held-out ones
 * (docs/metrics.md, "Mention stance").
 */
export interface StanceLexicon {
  /** A verdict for the entity named after it ("go with Acme"). */
  recommendBefore: string[];
  /** A verdict for the entity named before it ("Acme is the best choice"). */
  recommendAfter: string[];
  /** A verdict against the entity named after it ("avoid Acme"). */
  discourageBefore: string[];
  /** A verdict against the entity named before it ("Acme is a poor fit"). */
  discourageAfter: string[];
  /** The entity after it is a reference point, not the subject ("unlike Acme", "over Acme"). */
  reference: string[];
  /** Before a cue: a recommending one discourages, a discouraging one is void. */
  negators: string[];
  /** Words joining two names or clauses ("and", "or"). */
  coordinators: string[];
  /** Relative words ("that", "que"): a negation reaches across one into its clause. */
  relatives: string[];
  /** Possessives and object pronouns: right after a cue, its entity is named before ("avoid its courses", "I'd choose it"). */
  possessives: string[];
  /** Clause breaks inside a sentence ("but", "pero", "mais"). */
  contrast: string[];
  /** Before a cue: it no longer holds ("used to be my go-to"). */
  past: string[];
  /** In a sentence naming no entity: the cue judges every entity of the sentence before ("both"). */
  plural: string[];
  /**
   * A short label before a colon ("Best for teams: Acme", "Verdict: ..."): picks, or things to
   * avoid with one of `avoidIntro`; narrower than `pickIntro` ("Pricing options: ..." is no label).
   */
  labels: string[];
  /** Words likening what a sentence names to what came before ("the same", "also", "aussi"). */
  parallel: string[];
  /** An intro line with one of these offers its list as picks. */
  pickIntro: string[];
  /** An intro line with one of these lists what to avoid (wins over pickIntro). */
  avoidIntro: string[];
}

/** Every "<first> <second>" phrase: combine(["best", "safe"], ["choice*"]). */
export const combine = (first: readonly string[], second: readonly string[]): string[] =>
  first.flatMap((a) => second.map((b) => `${a} ${b}`));
