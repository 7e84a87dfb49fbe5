import type { EngineContext } from "../engine.js";
import { type PoolEntry, sourcePool } from "./source-pool.js";
import { type LanguagePack, languagePack } from "./templates/index.js";
import { asciiWords, type SlugSource } from "./urls.js";

/**
 * Everything about a context (and its prompts) that does not depend on the
 * seed, computed once and cached by the context's canonical text: pure, so the
 * cache never changes an answer, it only makes 10,000 answers cheap.
 */
export interface SimulatedEntity {
  name: string;
  /** Name first, then distinct aliases. */
  surfaces: string[];
  domains: string[];
}

export interface PreparedContext {
  key: string;
  pack: LanguagePack;
  entities: SimulatedEntity[];
  /** Lower-case words of every name and alias (kept out of the topic). */
  entityTokens: Set<string>;
  slugEntities: SlugSource["entities"];
  /** Source pool with every owner treated as mentioned. */
  pool: PoolEntry[];
  prompts: Map<string, PreparedPrompt>;
}

export interface PreparedPrompt {
  /** Up to four content words that name no entity (or the language's default). */
  topic: string;
  /** Lower-case prompt words and content words, for search queries. */
  queryWords: string[];
  queryContent: string[];
  /** ASCII words for URL slugs. */
  words: string[];
  keywords: string[];
}

const MAX_CONTEXTS = 256;
const MAX_PROMPTS = 4096;
const contexts = new Map<string, PreparedContext>();

export function promptWords(text: string): string[] {
  return text.split(/[^\p{L}\p{N}'’-]+/u).filter((w) => w.length > 0);
}

/** The brand, then the competitors, without duplicate names. */
export function entitiesOf(context: EngineContext): SimulatedEntity[] {
  const out: SimulatedEntity[] = [];
  const seen = new Set<string>();
  const add = (name: string, aliases: readonly string[], domains: string[]) => {
    const key = name.trim().toLowerCase();
    if (key.length === 0 || seen.has(key)) return;
    seen.add(key);
    const surfaces = [name, ...aliases.filter((a) => a.trim() && a.toLowerCase() !== key)];
    out.push({ name, surfaces: [...new Set(surfaces)], domains });
  };
  add(context.brand, [], context.brandDomains);
  for (const c of context.competitors) add(c.name, c.aliases, c.domains);
  return out;
}

/** Canonical text of the context (key order of the objects does not matter). */
export function contextKey(c: EngineContext): string {
  const competitors = c.competitors.map((x) => [x.name, x.domains, x.aliases]);
  return JSON.stringify([c.brand, c.brandDomains, competitors, c.language, c.region]);
}

function remember<V>(map: Map<string, V>, max: number, key: string, value: V): V {
  if (map.size >= max) map.clear();
  map.set(key, value);
  return value;
}

export function prepareContext(context: EngineContext, key = contextKey(context)): PreparedContext {
  const cached = contexts.get(key);
  if (cached) return cached;
  const entities = entitiesOf(context);
  return remember(contexts, MAX_CONTEXTS, key, {
    key,
    pack: languagePack(context.language),
    entities,
    entityTokens: new Set(
      entities.flatMap((e) => e.surfaces.flatMap((s) => promptWords(s.toLowerCase()))),
    ),
    slugEntities: entities.map((e) => ({
      name: e.name,
      slug: asciiWords(e.name).join("-"),
      domain: e.domains[0] ?? null,
    })),
    pool: sourcePool(context),
    prompts: new Map(),
  });
}

export function preparePrompt(prep: PreparedContext, prompt: string): PreparedPrompt {
  const cached = prep.prompts.get(prompt);
  if (cached) return cached;
  const { pack, entityTokens } = prep;
  const all = promptWords(prompt);
  const content = all.filter((w) => w.length > 1 && !pack.stopwords.has(w.toLowerCase()));
  const topicWords = content.filter((w) => !entityTokens.has(w.toLowerCase())).slice(0, 4);
  const keywords = asciiWords(content.slice(0, 5).join(" "));
  const safeKeywords = keywords.length > 0 ? keywords : asciiWords(pack.defaultTopic);
  const words = asciiWords(prompt).slice(0, 10);
  return remember(prep.prompts, MAX_PROMPTS, prompt, {
    topic: topicWords.length > 0 ? topicWords.join(" ") : pack.defaultTopic,
    queryWords: all.map((w) => w.toLowerCase()).slice(0, 12),
    queryContent: content.map((w) => w.toLowerCase()).slice(0, 5),
    words: words.length > 0 ? words : safeKeywords,
    keywords: safeKeywords,
  });
}
