import { LRUCache } from "lru-cache";
import type { EngineContext } from "../engine.js";
import { type PoolEntry, sourcePool } from "./source-pool.js";
import { type LanguagePack, languagePack } from "./templates/index.js";
import { asciiWords, type SlugSource } from "./urls.js";

export interface SimulatedEntity {
  name: string;
  /** Name first, then distinct aliases. */
  surfaces: string[];
  domains: string[];
}

/**
 * Everything about a context (and its prompts) that does not depend on the
 * seed: pure, so keeping it never changes an answer, it only makes 10,000
 * answers cheap.
 */
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

const MAX_CONTEXTS = 64;
const MAX_PROMPTS = 4096;

/**
 * The prepared contexts of one engine (a run's, or a test's), by the context's
 * canonical text, least recently used dropped first: they go with the engine,
 * so nothing outlives it or is shared between servers.
 */
export class PreparedContexts {
  readonly #contexts = new LRUCache<string, PreparedContext>({ max: MAX_CONTEXTS });

  get(context: EngineContext, key = contextKey(context)): PreparedContext {
    let prepared = this.#contexts.get(key);
    if (!prepared) {
      prepared = prepareContext(context, key);
      this.#contexts.set(key, prepared);
    }
    return prepared;
  }
}

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

function rememberPrompt(
  prompts: Map<string, PreparedPrompt>,
  key: string,
  value: PreparedPrompt,
): PreparedPrompt {
  if (prompts.size >= MAX_PROMPTS) prompts.clear();
  prompts.set(key, value);
  return value;
}

/** A new prepared context (PreparedContexts keeps them); its prompts are kept as they come. */
export function prepareContext(context: EngineContext, key = contextKey(context)): PreparedContext {
  const entities = entitiesOf(context);
  return {
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
  };
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
  return rememberPrompt(prep.prompts, prompt, {
    topic: topicWords.length > 0 ? topicWords.join(" ") : pack.defaultTopic,
    queryWords: all.map((w) => w.toLowerCase()).slice(0, 12),
    queryContent: content.map((w) => w.toLowerCase()).slice(0, 5),
    words: words.length > 0 ? words : safeKeywords,
    keywords: safeKeywords,
  });
}
