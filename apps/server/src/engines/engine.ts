/**
 * One interface for every answer engine. A connector asks one prompt and
 * returns what the engine answered, the sources it cited, the search queries it
 * ran (when the provider exposes them), token usage and cost.
 */
import type { EngineId } from "./engine-registry.js";

export type { EngineId } from "./engine-registry.js";

export interface EngineContext {
  brand: string;
  brandDomains: string[];
  competitors: Array<{ name: string; domains: string[]; aliases: string[] }>;
  language: string;
  region: string | null;
  /** The workspace's city for search pages (asked there when the prompt is of its country). */
  searchLocation?: SearchLocation | null;
}

/** A city with its country (ISO 3166-1 alpha-2) and coordinates (the contract's SearchLocation). */
export interface SearchLocation {
  city: string;
  country: string;
  latitude: number;
  longitude: number;
}

export interface EngineRequest {
  prompt: string;
  model: string;
  /** Stable per task (run, prompt, engine, repetition): seeds the simulated engine. */
  seed: string;
  context: EngineContext;
  /** Most output tokens the answer may use (from the pricing configuration); the provider stops there. */
  maxOutputTokens?: number;
  /** Most web searches the answer may run, where the provider takes a cap (engines/pricing.ts). */
  maxSearches?: number;
  /**
   * Where a provider that collects in two steps (post a task, fetch its result later) keeps the
   * task's id, so that a task asked again (a retry, or after a worker died) is fetched, never
   * posted and paid for again. Runs pass the stored task's; without one a connector keeps it in
   * memory for the call.
   */
  collection?: TaskCollection;
  signal?: AbortSignal;
}

/** A task's collection at a provider that collects in two steps (services/runs/task-collection.ts). */
export interface TaskCollection {
  /** The tag the provider keeps with the task: unique and random (the stored task's id). */
  readonly tag: string;
  /** What an earlier post of this task left: the provider's id, and when the post started. */
  previous(): Promise<{ taskId: string | null; postedAt: Date | null }>;
  /**
   * Claims the post (before it is sent): when `previous()` still says `seen` (no other ask
   * posted meanwhile), notes when the post starts and answers it; else answers null, and
   * nothing may be posted.
   */
  posting(seen: Date | null): Promise<Date | null>;
  /** Stores the provider's id of the posted task (where none is stored yet). */
  posted(taskId: string): Promise<void>;
  /**
   * Undoes the claim made at `claimedAt` (when no id is stored and the claim is still that one):
   * the provider refused the post outright, so nothing was posted and the next ask may post.
   */
  released(claimedAt: Date): Promise<void>;
}

export interface EngineCitation {
  url: string;
  title: string | null;
  /** The engine's own link when `url` was resolved from it (a redirect; services/citations). */
  engineUrl?: string | null;
}

/**
 * How an answer ended, as the provider said: `completed`; `truncated` (the output cap cut it:
 * the text so far is the answer); `refused` (the model declined: Anthropic `refusal`); `filtered`
 * (the provider's safety system withheld or cut it: OpenAI `content_filter`, Gemini `SAFETY`
 * and prompt blocks); `not_shown` (a search page showed no AI answer for the query: Google
 * without an AI Overview). A refusal, a filter or no AI answer is what a buyer would see, so it
 * is an answer (without text).
 */
export type AnswerEnd = "completed" | "truncated" | "refused" | "filtered" | "not_shown";

/**
 * Why a task failed for good when the provider said so: `truncated` (the cap was reached before
 * any answer text, e.g. thinking used it), `quota_exhausted` (the key's account has no credit:
 * a 429 `insufficient_quota` is not rate limiting).
 */
export type EngineFailureKind = "truncated" | "quota_exhausted";

export interface EngineAnswer {
  answer: string;
  /** How the answer ended; `completed` when absent. */
  end?: AnswerEnd;
  /** In the order the engine gave them. */
  citations: EngineCitation[];
  /**
   * Sources the engine's searches retrieved and it did not cite (OpenAI's search sources,
   * Claude's search results, Perplexity's search results), in order; none when the provider
   * does not say.
   */
  usedSources?: EngineCitation[];
  searchQueries: string[];
  inputTokens: number;
  outputTokens: number;
  /** Integer micro-USD, from the pricing configuration. */
  costMicrousd: bigint;
  /** The model the provider reports having served (it may route a retired one elsewhere). */
  servedModel?: string | null;
  /**
   * The country the engine was told the asker is in (ISO 3166-1 alpha-2, from the prompt's
   * region; connectors/asker-locale.ts); null when none was sent.
   */
  country?: string | null;
  /** The city the engine was told the asker is in (a search location); null when none was sent. */
  city?: string | null;
  /**
   * The language the engine was asked in (the prompt's, ISO 639-1; connectors/asker-locale.ts):
   * sent as a search parameter where the provider documents one (Perplexity's
   * `search_language_filter`), and in the prompt's text to every engine; null when the prompt's
   * language is not such a code.
   */
  language?: string | null;
}

/** A failure the run records on the response; `retryable` ones are retried with backoff. */
export class EngineError extends Error {
  override name = "EngineError";
  /**
   * The provider answered the request with a refusal (a 4xx status): it did nothing, so a post
   * it refused was not posted. False for timeouts, lost connections and 5xx (it may have).
   */
  providerRefused = false;
  constructor(
    message: string,
    readonly retryable: boolean,
    /** Seconds the provider asked to wait (429 Retry-After). */
    readonly retryAfterSeconds?: number,
    /** The provider refused for rate (429): the whole provider backs off, not just this task. */
    readonly rateLimited = false,
    /** A failure the provider named, stored as the task's end state. */
    readonly kind?: EngineFailureKind,
  ) {
    super(message);
  }
}

export interface AnswerEngine {
  readonly id: EngineId;
  readonly simulated: boolean;
  ask(request: EngineRequest): Promise<EngineAnswer>;
}

/** A provider's engine (a real one, never simulated) from how it asks. */
export function realEngine(id: EngineId, ask: AnswerEngine["ask"]): AnswerEngine {
  return { id, simulated: false, ask };
}
