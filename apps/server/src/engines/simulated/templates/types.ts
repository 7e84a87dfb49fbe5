/**
 * Sentence templates of one answer language. Placeholders: `{topic}` (content
 * words of the prompt), `{e}` (one entity), `{a}`/`{b}` (two entities),
 * `{list}` (three or more entities). Every template is one sentence ending in
 * a period, with no other periods, and names no brand.
 */
export interface LanguagePack {
  /** Opening sentence without an entity. */
  intro: readonly string[];
  /** Opening sentence that already names the first entity. */
  introWithEntity: readonly string[];
  positive: readonly string[];
  neutral: readonly string[];
  negative: readonly string[];
  /** Two entities compared. */
  pair: readonly string[];
  /** Three or more entities. */
  list: readonly string[];
  /** Body sentence without an entity (pads short answers). */
  filler: readonly string[];
  closing: readonly string[];
  /** Last-item conjunction for lists ("A, B and C"). */
  and: string;
  /** Used when the prompt has no usable content word. */
  defaultTopic: string;
  /** Lower-case words dropped when extracting the topic and URL slugs. */
  stopwords: ReadonlySet<string>;
  /** Search-query decorations ("best {q} 2026", "{q} reviews"). */
  queryPrefixes: readonly string[];
  querySuffixes: readonly string[];
}
