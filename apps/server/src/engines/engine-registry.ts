/**
 * What each engine is, apart from how it asks: the surface its answers come from (what a buyer
 * reads there), who collects them, the assistant family it belongs to (engines of one family on
 * different surfaces are the pairs a surface-gap report compares) and, for real engines, how
 * its provider is configured. Pure data: connectors, settings, pricing and reads take their
 * per-engine facts from here.
 */

/**
 * Where an answer was read: `api`, a provider's developer API (what a model answers a program);
 * `search_page`, a search engine's results page as a logged-out visitor sees it (Google's AI
 * Overviews and AI Mode); `consumer_app`, an assistant's own app or site as a person sees it.
 */
export type Surface = "api" | "search_page" | "consumer_app";
export const SURFACES: readonly Surface[] = ["api", "search_page", "consumer_app"];

export const ENGINE_IDS = [
  "openai",
  "perplexity",
  "gemini",
  "anthropic",
  "exa",
  "grok",
  "google_ai_overview",
  "google_ai_mode",
  "chatgpt_app",
  "perplexity_app",
  "gemini_app",
  "copilot_app",
  "simulated",
] as const;
export type EngineId = (typeof ENGINE_IDS)[number];
export type RealEngineId = Exclude<EngineId, "simulated">;

export interface EngineProfile {
  surface: Surface;
  /** Who collects the answers (the provider whose API is called; stored on every answer). */
  collector: string;
  /** The assistant the engine is (`chatgpt` for OpenAI's API and ChatGPT's app). */
  family: string;
  /** Human name of the provider, for messages ("OpenAI"). */
  providerName: string;
}

export interface RealEngineProfile extends EngineProfile {
  /** `<PREFIX>_API_KEY` and `<PREFIX>_BASE_URL` configure it (engines of one collector share it). */
  envPrefix: string;
  /** The provider's API root, without a trailing slash. */
  defaultBaseUrl: string;
  /** Per request, unless `GEO_ENGINE_TIMEOUT_MS` says otherwise (default 60 s). */
  defaultTimeoutMs?: number;
}

const GOOGLE_THROUGH_DATAFORSEO: RealEngineProfile = Object.freeze({
  surface: "search_page",
  collector: "dataforseo",
  family: "google_search",
  providerName: "DataForSEO",
  envPrefix: "DATAFORSEO",
  defaultBaseUrl: "https://api.dataforseo.com",
});

/** An assistant's consumer app through Bright Data's AI scrapers (one account for every app). */
const appThroughBrightData = (family: string): RealEngineProfile =>
  Object.freeze({
    surface: "consumer_app",
    collector: "brightdata",
    family,
    providerName: "Bright Data",
    envPrefix: "BRIGHTDATA",
    defaultBaseUrl: "https://api.brightdata.com",
  });

export const REAL_ENGINES: Readonly<Record<RealEngineId, RealEngineProfile>> = Object.freeze({
  openai: {
    surface: "api",
    collector: "openai",
    family: "chatgpt",
    providerName: "OpenAI",
    envPrefix: "OPENAI",
    defaultBaseUrl: "https://api.openai.com",
  },
  perplexity: {
    surface: "api",
    collector: "perplexity",
    family: "perplexity",
    providerName: "Perplexity",
    envPrefix: "PERPLEXITY",
    defaultBaseUrl: "https://api.perplexity.ai",
  },
  gemini: {
    surface: "api",
    collector: "google",
    family: "gemini",
    providerName: "Gemini",
    envPrefix: "GEMINI",
    defaultBaseUrl: "https://generativelanguage.googleapis.com",
  },
  anthropic: {
    surface: "api",
    collector: "anthropic",
    family: "claude",
    providerName: "Anthropic",
    envPrefix: "ANTHROPIC",
    defaultBaseUrl: "https://api.anthropic.com",
  },
  exa: {
    surface: "api",
    collector: "exa",
    family: "exa",
    providerName: "Exa",
    envPrefix: "EXA",
    defaultBaseUrl: "https://api.exa.ai",
  },
  grok: {
    surface: "api",
    collector: "xai",
    family: "grok",
    providerName: "xAI",
    envPrefix: "XAI",
    defaultBaseUrl: "https://api.x.ai",
    // Its searches run as several server-side turns in one request; xAI's own examples wait
    // minutes, and a request abandoned by a timeout is still billed.
    defaultTimeoutMs: 300_000,
  },
  // Google's AI answers as a logged-out visitor's results page shows them, through DataForSEO's
  // SERP API; its key is the account's `login:password` (the operator's is shared by both).
  google_ai_overview: GOOGLE_THROUGH_DATAFORSEO,
  google_ai_mode: GOOGLE_THROUGH_DATAFORSEO,
  // What a logged-out person sees in each assistant's own app, in the prompt's country.
  chatgpt_app: appThroughBrightData("chatgpt"),
  perplexity_app: appThroughBrightData("perplexity"),
  gemini_app: appThroughBrightData("gemini"),
  copilot_app: appThroughBrightData("copilot"),
});

const SIMULATED: EngineProfile = Object.freeze({
  surface: "api",
  collector: "simulated",
  family: "simulated",
  providerName: "Simulated",
});

export const REAL_ENGINE_IDS = Object.keys(REAL_ENGINES) as RealEngineId[];

/** The providers' environment prefixes, once each (engines of one collector share one). */
export const PROVIDER_ENV_PREFIXES: readonly string[] = [
  ...new Set(Object.values(REAL_ENGINES).map(({ envPrefix }) => envPrefix)),
];

export function isRealEngine(engine: string): engine is RealEngineId {
  return Object.hasOwn(REAL_ENGINES, engine);
}

export function isEngineId(engine: string): engine is EngineId {
  return (ENGINE_IDS as readonly string[]).includes(engine);
}

/** An engine's profile; an id no engine has (a row written by a later version) reads as an API. */
export function engineProfile(engine: string): EngineProfile {
  if (isRealEngine(engine)) return REAL_ENGINES[engine];
  if (engine === "simulated") return SIMULATED;
  return { surface: "api", collector: engine, family: engine, providerName: engine };
}

/** The engines whose answers come from `surface`. */
export function enginesOnSurface(surface: Surface): EngineId[] {
  return ENGINE_IDS.filter((id) => engineProfile(id).surface === surface);
}
