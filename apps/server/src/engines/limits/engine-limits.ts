import type { EngineId } from "../engine.js";

/** How hard one worker process may drive one provider. */
export interface EngineLimit {
  /** Requests in flight at once. */
  concurrency: number;
  /** Requests started per minute; null = only the concurrency bound. */
  requestsPerMinute: number | null;
}

/**
 * Defaults sized for the lowest paid tier of each provider (a few hundred
 * requests per minute); the simulated engine needs no network, so it is only
 * bounded to keep the database writes of one run from crowding out others.
 */
/**
 * An ask posts one task and then waits for it (about a minute in DataForSEO's priority queue)
 * asking every 10 s: many wait at once. DataForSEO allows 2,000 requests a minute an account.
 */
const SERP_TASKS: EngineLimit = Object.freeze({ concurrency: 32, requestsPerMinute: 600 });
/**
 * An ask triggers one collection and asks its progress every 10 s while an app answers (half a
 * minute to minutes); Bright Data answers 429 past a dataset's running-jobs limit.
 */
const APP_COLLECTIONS: EngineLimit = Object.freeze({ concurrency: 16, requestsPerMinute: 300 });

export const DEFAULT_ENGINE_LIMITS: Readonly<Record<EngineId, EngineLimit>> = Object.freeze({
  openai: { concurrency: 8, requestsPerMinute: 500 },
  perplexity: { concurrency: 4, requestsPerMinute: 50 },
  anthropic: { concurrency: 4, requestsPerMinute: 50 },
  gemini: { concurrency: 8, requestsPerMinute: 300 },
  exa: { concurrency: 4, requestsPerMinute: 300 },
  // xAI's lowest tier allows far more (grok-4.3: 1,800 a minute); an answer's agentic searches
  // take seconds, so concurrency is what bounds it.
  grok: { concurrency: 8, requestsPerMinute: 300 },
  google_ai_overview: SERP_TASKS,
  google_ai_mode: SERP_TASKS,
  chatgpt_app: APP_COLLECTIONS,
  perplexity_app: APP_COLLECTIONS,
  gemini_app: APP_COLLECTIONS,
  copilot_app: APP_COLLECTIONS,
  simulated: { concurrency: 8, requestsPerMinute: null },
});

const engineIds = Object.keys(DEFAULT_ENGINE_LIMITS) as EngineId[];

/**
 * Parses `GEO_ENGINE_CONCURRENCY` and `GEO_ENGINE_RATE_LIMITS`, both
 * `engine=value` lists (`openai=16,perplexity=2`; a rate of `0` or `none`
 * removes the rate bound), over the defaults. Throws a message naming the bad
 * entry, for the config error.
 */
export function parseEngineLimits(
  concurrency: string | undefined,
  rates: string | undefined,
): Record<EngineId, EngineLimit> {
  const limits = Object.fromEntries(
    engineIds.map((id) => [id, { ...DEFAULT_ENGINE_LIMITS[id] }]),
  ) as Record<EngineId, EngineLimit>;
  for (const [engine, value] of entries(concurrency, "GEO_ENGINE_CONCURRENCY")) {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 256)
      throw new Error(`GEO_ENGINE_CONCURRENCY: ${engine} must be an integer from 1 to 256`);
    limits[engine].concurrency = n;
  }
  for (const [engine, value] of entries(rates, "GEO_ENGINE_RATE_LIMITS")) {
    if (value === "none" || value === "0") {
      limits[engine].requestsPerMinute = null;
      continue;
    }
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 100_000)
      throw new Error(
        `GEO_ENGINE_RATE_LIMITS: ${engine} must be an integer from 1 to 100000 (requests per minute) or none`,
      );
    limits[engine].requestsPerMinute = n;
  }
  return limits;
}

function* entries(list: string | undefined, name: string): Generator<[EngineId, string]> {
  for (const item of (list ?? "").split(",")) {
    const trimmed = item.trim();
    if (!trimmed) continue;
    const [engine, value, extra] = trimmed.split("=").map((s) => s.trim());
    if (!engine || value === undefined || extra !== undefined)
      throw new Error(`${name}: "${trimmed}" is not engine=value`);
    if (!engineIds.includes(engine as EngineId))
      throw new Error(`${name}: unknown engine "${engine}" (one of ${engineIds.join(", ")})`);
    yield [engine as EngineId, value];
  }
}
