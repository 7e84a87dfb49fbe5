import { fileURLToPath } from "node:url";
import { resolveDataDir } from "@geopulse/db";
import type { z } from "zod";
import { type DomainTaxonomyList, loadDomainTaxonomy } from "./analysis/domain-taxonomy.js";
import { type Clock, systemClock } from "./clock.js";
import { envSchema, type OperatorMode } from "./config-env.js";
import { isoDay, loadModelCatalog, type ModelCatalog } from "./engines/catalog/model-catalog.js";
import {
  allProviderSettings,
  type ProviderSettings,
  type RealEngineId,
} from "./engines/connectors/provider-settings.js";
import type { EngineId } from "./engines/engine.js";
import { type EngineLimit, parseEngineLimits } from "./engines/limits/engine-limits.js";
import { isLoopbackName } from "./http/loopback.js";

export type { OperatorMode } from "./config-env.js";

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The embedded database runs on a thread of its own (false: on the event loop's thread). */
  embeddedThread: boolean;
  operatorMode: OperatorMode;
  /** Base of links in emails and of the device verification URI. */
  publicUrl: string;
  /** False when derived from PORT; the server then uses the port it actually bound. */
  publicUrlExplicit: boolean;
  /** Secret that signs session cookies; undefined lets local mode derive one per data directory. */
  sessionSecret: string | undefined;
  sessionTtlMs: number;
  /** Raw GEO_KEY_PEPPERS; undefined lets local mode keep its own. */
  keyPeppers: string | undefined;
  /** Raw GEO_ENCRYPTION_KEYS; undefined lets local mode keep its own. */
  encryptionKeys: string | undefined;
  trustedProxies: string[];
  bodyLimitBytes: number;
  logLevel: z.infer<typeof envSchema>["GEO_LOG_LEVEL"];
  validateResponses: boolean;
  workers: boolean;
  queuePollSeconds: number;
  /** How often the queue fails and retries jobs whose worker went quiet. */
  queueSuperviseSeconds: number;
  /** How often noted API key use is written (GEO_KEY_USE_FLUSH_SECONDS). */
  keyUseFlushSeconds: number;
  /** Per-provider bounds of one worker process (defaults in engines/limits/engine-limits.ts). */
  engineLimits: Record<EngineId, EngineLimit>;
  runStallMs: number;
  /** Computed day snapshots kept per process (0: compute every read). */
  metricsCacheEntries: number;
  /** How long a verified key, session or membership is served from memory (0: read every request). */
  authCacheMs: number;
  /** How long a workspace read is served from memory (services/workspaces/workspace-read-cache.ts). */
  workspaceCacheMs: number;
  /** The built-in domain taxonomy, extended by GEO_DOMAIN_TAXONOMY_FILE. */
  domainTaxonomy: DomainTaxonomyList;
  /** The models GEO Pulse may call and their prices: built in, extended by GEO_MODEL_CATALOG_FILE. */
  modelCatalog: ModelCatalog;
  /** Directory of the web dashboard's build, served at `/` when it holds an index.html. */
  webDir: string;
  /** What page fetches may reach (web/safe-fetch.ts); citation redirects are read under it too. */
  pageFetch: { allowLoopback: boolean; allowedPorts: number[] };
  /** Engines' redirect links to cited pages: their hosts and how long one may take (services/citations). */
  citationRedirects: { hosts: string[]; timeoutMs: number };
  /** Hours between checks that providers serve their default models; 0 = never. */
  providerCheckHours: number;
  /**
   * The answer providers' operator keys, addresses and timeout (`OPENAI_API_KEY`,
   * `OPENAI_BASE_URL`, …, `GEO_ENGINE_TIMEOUT_MS`), read once at start.
   */
  providers: Record<RealEngineId, ProviderSettings>;
  /**
   * Page evaluations: the total fetch timeout, the deadline of the content analysis (its worker
   * is terminated past it) and the starts a workspace may make per minute.
   */
  pageEvaluations: { fetchTimeoutMs: number; analysisTimeoutMs: number; startsPerMinute: number };
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string | undefined;
  };
  /** The OAuth client of connections; null when not configured (docs/connections.md). */
  googleOAuth: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    revokeUrl: string;
    /** `<publicUrl>/api/v1/connections/oauth/callback`, registered with Google. */
    redirectUri: string;
  } | null;
  /** Where the Google clients send their requests (engines/google/google-endpoints.ts). */
  google: {
    tokenUrl: string;
    searchConsoleUrl: string;
    analyticsDataUrl: string;
    timeoutMs: number;
    /** Rows per API page of an SEO refresh. */
    seoPageRows: number;
  };
  email: {
    agentmailApiKey: string | undefined;
    agentmailBaseUrl: string;
    inboxDomain: string | undefined;
    senderInbox: string | undefined;
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Reads and validates the environment; the error names every bad variable. `clock` dates the
 * model catalog's check: a default model retired by the clock's day stops the start.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  clock: Clock = systemClock,
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid environment:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  // The embedded setup is a single-user local install unless told otherwise.
  const operatorMode: OperatorMode = e.GEO_OPERATOR_MODE ?? (e.DATABASE_URL ? "hosted" : "local");
  if (operatorMode !== "local") {
    const missing = [
      !e.GEO_SESSION_SECRET &&
        "  GEO_SESSION_SECRET: required (at least 32 characters) outside GEO_OPERATOR_MODE=local",
      !e.GEO_KEY_PEPPERS && "  GEO_KEY_PEPPERS: required outside GEO_OPERATOR_MODE=local",
      !e.GEO_ENCRYPTION_KEYS && "  GEO_ENCRYPTION_KEYS: required outside GEO_OPERATOR_MODE=local",
    ].filter(Boolean);
    if (e.GEO_FETCH_ALLOW_LOOPBACK === "true")
      missing.push("  GEO_FETCH_ALLOW_LOOPBACK: only allowed with GEO_OPERATOR_MODE=local");
    if (missing.length > 0) throw new ConfigError(`Invalid environment:\n${missing.join("\n")}`);
  }
  // Local mode signs anyone in without email: only this machine may reach it, unless told.
  const allowRemote = e.GEO_LOCAL_ALLOW_REMOTE === "1" || e.GEO_LOCAL_ALLOW_REMOTE === "true";
  if (operatorMode === "local" && !allowRemote && !isLoopbackName(e.HOST))
    throw new ConfigError(
      `Invalid environment:\n  HOST: ${e.HOST} is not a loopback address. Local mode (GEO_OPERATOR_MODE=local) signs anyone in without email, so whoever reaches it could read the stored provider keys. Listen on 127.0.0.1, ::1 or localhost; or set GEO_LOCAL_ALLOW_REMOTE=1 to accept that on a network you trust (and GEO_PUBLIC_URL to the address you open it under); or run GEO_OPERATOR_MODE=hosted, which signs in by emailed link.`,
    );
  const allowedPorts = (e.GEO_FETCH_PORTS ?? "80,443").split(",").map(Number);
  if (allowedPorts.some((port) => port < 1 || port > 65535))
    throw new ConfigError("Invalid environment:\n  GEO_FETCH_PORTS: ports must be 1-65535");
  let engineLimits: Record<EngineId, EngineLimit>;
  let domainTaxonomy: DomainTaxonomyList;
  let modelCatalog: ModelCatalog;
  try {
    engineLimits = parseEngineLimits(e.GEO_ENGINE_CONCURRENCY, e.GEO_ENGINE_RATE_LIMITS);
  } catch (error) {
    throw new ConfigError(`Invalid environment:\n  ${(error as Error).message}`);
  }
  try {
    domainTaxonomy = loadDomainTaxonomy({ file: e.GEO_DOMAIN_TAXONOMY_FILE });
  } catch (error) {
    throw new ConfigError(
      `Invalid environment:\n  GEO_DOMAIN_TAXONOMY_FILE: ${(error as Error).message}`,
    );
  }
  try {
    modelCatalog = loadModelCatalog({
      file: e.GEO_MODEL_CATALOG_FILE,
      today: isoDay(clock.now()),
    });
  } catch (error) {
    throw new ConfigError(
      `Invalid environment:\n  GEO_MODEL_CATALOG_FILE: ${(error as Error).message}`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolveDataDir(env),
    embeddedThread: e.GEO_EMBEDDED_THREAD === "true",
    operatorMode,
    publicUrl: (e.GEO_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    publicUrlExplicit: e.GEO_PUBLIC_URL !== undefined,
    sessionSecret: e.GEO_SESSION_SECRET,
    sessionTtlMs: e.GEO_SESSION_TTL_HOURS * 3600_000,
    keyPeppers: e.GEO_KEY_PEPPERS,
    encryptionKeys: e.GEO_ENCRYPTION_KEYS,
    trustedProxies: (e.GEO_TRUSTED_PROXIES ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    bodyLimitBytes: e.GEO_BODY_LIMIT_BYTES,
    logLevel: e.GEO_LOG_LEVEL,
    validateResponses: e.GEO_VALIDATE_RESPONSES === "true",
    workers: e.GEO_WORKERS === "true",
    queuePollSeconds: e.GEO_QUEUE_POLL_SECONDS,
    queueSuperviseSeconds: e.GEO_QUEUE_SUPERVISE_SECONDS,
    keyUseFlushSeconds: e.GEO_KEY_USE_FLUSH_SECONDS,
    engineLimits,
    runStallMs: e.GEO_RUN_STALL_SECONDS * 1000,
    metricsCacheEntries: e.GEO_METRICS_CACHE_ENTRIES,
    authCacheMs: e.GEO_AUTH_CACHE_SECONDS * 1000,
    workspaceCacheMs: e.GEO_WORKSPACE_CACHE_SECONDS * 1000,
    domainTaxonomy,
    modelCatalog,
    // From src/ or dist/ of apps/server, the sibling app's build.
    webDir: e.GEO_WEB_DIR ?? fileURLToPath(new URL("../../web/dist", import.meta.url)),
    pageFetch: {
      allowLoopback: operatorMode === "local" && e.GEO_FETCH_ALLOW_LOOPBACK === "true",
      allowedPorts,
    },
    providerCheckHours: e.GEO_PROVIDER_CHECK_HOURS,
    providers: allProviderSettings(env),
    citationRedirects: {
      hosts: (e.GEO_CITATION_REDIRECT_HOSTS ?? "vertexaisearch.cloud.google.com")
        .toLowerCase()
        .split(","),
      timeoutMs: e.GEO_CITATION_REDIRECT_TIMEOUT_MS,
    },
    pageEvaluations: {
      fetchTimeoutMs: e.GEO_PAGE_FETCH_TIMEOUT_MS,
      analysisTimeoutMs: e.GEO_PAGE_ANALYSIS_TIMEOUT_MS,
      startsPerMinute: e.GEO_PAGE_EVALUATIONS_PER_MINUTE,
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    googleOAuth:
      e.GEO_GOOGLE_OAUTH_CLIENT_ID && e.GEO_GOOGLE_OAUTH_CLIENT_SECRET
        ? {
            clientId: e.GEO_GOOGLE_OAUTH_CLIENT_ID,
            clientSecret: e.GEO_GOOGLE_OAUTH_CLIENT_SECRET,
            authUrl: e.GEO_GOOGLE_AUTH_URL ?? "https://accounts.google.com/o/oauth2/v2/auth",
            revokeUrl: e.GEO_GOOGLE_REVOKE_URL ?? "https://oauth2.googleapis.com/revoke",
            redirectUri: `${(e.GEO_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "")}/api/v1/connections/oauth/callback`,
          }
        : null,
    google: {
      tokenUrl: e.GEO_GOOGLE_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
      searchConsoleUrl: e.GEO_GOOGLE_SEARCHCONSOLE_URL ?? "https://searchconsole.googleapis.com/",
      analyticsDataUrl: e.GEO_GOOGLE_ANALYTICSDATA_URL ?? "https://analyticsdata.googleapis.com/",
      timeoutMs: e.GEO_GOOGLE_TIMEOUT_SECONDS * 1000,
      seoPageRows: e.GEO_SEO_PAGE_ROWS,
    },
    email: {
      agentmailApiKey: e.AGENTMAIL_API_KEY,
      agentmailBaseUrl: (e.AGENTMAIL_BASE_URL ?? "https://api.agentmail.to").replace(/\/$/, ""),
      inboxDomain: e.GEO_EMAIL_DOMAIN,
      senderInbox: e.GEO_EMAIL_SENDER_INBOX,
    },
  };
}
