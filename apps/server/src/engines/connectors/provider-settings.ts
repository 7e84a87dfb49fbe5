import {
  PROVIDER_ENV_PREFIXES,
  REAL_ENGINE_IDS,
  REAL_ENGINES,
  type RealEngineId,
} from "../engine-registry.js";

export { isRealEngine, type RealEngineId } from "../engine-registry.js";

export interface ProviderSettings {
  /** The operator's key (`OPENAI_API_KEY`, …), when set. */
  operatorKey: string | undefined;
  /** `OPENAI_BASE_URL`, … or the provider's real host; no trailing slash. */
  baseUrl: string;
  /** `GEO_ENGINE_TIMEOUT_MS`, default 60 s (the engine's own default where it has one). */
  timeoutMs: number;
}

/** Every real provider's settings from an environment (config.ts reads them once at start). */
export function allProviderSettings(
  env: NodeJS.ProcessEnv,
): Record<RealEngineId, ProviderSettings> {
  const out = {} as Record<RealEngineId, ProviderSettings>;
  for (const engine of REAL_ENGINE_IDS) out[engine] = providerSettings(engine, env);
  return out;
}

/** The environment variables that configure the providers, as `env` holds them. */
export function providerEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const prefix of PROVIDER_ENV_PREFIXES)
    for (const name of [`${prefix}_API_KEY`, `${prefix}_BASE_URL`]) {
      const value = env[name];
      if (value !== undefined) out[name] = value;
    }
  if (env.GEO_ENGINE_TIMEOUT_MS !== undefined)
    out.GEO_ENGINE_TIMEOUT_MS = env.GEO_ENGINE_TIMEOUT_MS;
  return out;
}

/** A provider's settings from an environment. */
export function providerSettings(engine: RealEngineId, env: NodeJS.ProcessEnv): ProviderSettings {
  const { envPrefix: prefix, defaultBaseUrl, defaultTimeoutMs = 60_000 } = REAL_ENGINES[engine];
  const timeout = Number(env.GEO_ENGINE_TIMEOUT_MS);
  return {
    operatorKey: env[`${prefix}_API_KEY`]?.trim() || undefined,
    baseUrl: (env[`${prefix}_BASE_URL`]?.trim() || defaultBaseUrl).replace(/\/+$/, ""),
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : defaultTimeoutMs,
  };
}
