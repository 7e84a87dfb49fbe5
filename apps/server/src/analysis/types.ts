/**
 * The contract between answer analysis (pure: text in, mentions and citations
 * out) and everything that stores or aggregates its results. Bump
 * `ANALYSIS_VERSION` whenever a rule changes what `analyzeAnswer` returns for
 * the same input, or a release changes the stored answers it reads: stored analyses and
 * rollups are keyed by it. 2: Gemini's redirect citations stored as the pages they cite
 * (migration 20261127100000_citation_engine_url). 3: every analysed answer's facts
 * (`response_facts`) and its citations' normalised URLs stored, which the stored answers of
 * earlier versions get by being re-analysed (migration 20261128220000_response_facts). 4: each
 * mention's stance (recommended, mentioned, discouraged) and recommended rank, and the
 * recommendation counts of the rollups (migration 20261129100000_mention_stance).
 */
export const ANALYSIS_VERSION = 4;

/** `self` is the workspace's brand; competitors use their competitor id. */
export interface TrackedEntity {
  id: string;
  /** Display name, also matched as a name. */
  name: string;
  isSelf: boolean;
  aliases: string[];
  /** Domains owned by the entity (registrable or host names, lower case). */
  domains: string[];
  /** Counts only with disambiguating context (see docs/metrics.md). */
  ambiguous: boolean;
}

export interface AnalysisSubject {
  entities: TrackedEntity[];
  /** Terms of the brand's category (from the brand profile), used to disambiguate. */
  categoryTerms: string[];
}

export interface AnalysisInput {
  answer: string;
  /** Structured citations from the provider, in the provider's order. */
  citations: Array<{ url: string; title: string | null }>;
  language: string;
}

export type Sentiment = "positive" | "neutral" | "negative";

/** Whether the answer picks the entity, only names it, or advises against it (docs/metrics.md). */
export type Stance = "recommended" | "mentioned" | "discouraged";

export type DomainTaxonomy =
  | "owned"
  | "competitor"
  | "ugc"
  | "reference"
  | "review"
  | "news"
  | "social"
  | "other";

export interface MentionResult {
  entityId: string;
  isSelf: boolean;
  /** Occurrences of any of the entity's names in the answer. */
  count: number;
  /** UTF-16 offset of the first occurrence in the answer. */
  firstOffset: number;
  /** 1 for the entity mentioned first among all mentioned entities, 2 next, ... */
  rank: number;
  sentiment: Sentiment;
  stance: Stance;
  /** 1 for the first entity the answer recommends, 2 the next, ...; null unless recommended. */
  recommendedRank: number | null;
}

export interface CitationResult {
  /** As the provider or the text gave it. */
  url: string;
  /** Lower-case scheme and host, no `www.`, no tracking parameters or fragment. */
  normalizedUrl: string;
  host: string;
  /** Registrable domain (public suffix list), e.g. `bbc.co.uk`. */
  domain: string;
  taxonomy: DomainTaxonomy;
  /** The tracked entity owning `domain`, else null. */
  entityId: string | null;
  /** 0-based order among the answer's distinct citations. */
  position: number;
  origin: "structured" | "text";
}

export interface AnswerAnalysis {
  version: number;
  /** Only entities that count as mentioned, ordered by rank. */
  mentions: MentionResult[];
  /** Distinct by normalizedUrl, structured citations first. */
  citations: CitationResult[];
}
