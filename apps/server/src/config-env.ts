import { z } from "zod";

export const operatorModes = ["local", "hosted"] as const;
export type OperatorMode = (typeof operatorModes)[number];

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

/** The environment variables the server reads, with their rules and defaults (loadConfig turns them into a Config). */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  GEO_DATA_DIR: optionalString,
  GEO_EMBEDDED_THREAD: z.enum(["true", "false"]).default("true"),
  GEO_OPERATOR_MODE: optionalString.pipe(z.enum(operatorModes).optional()),
  /** Local mode may listen on a non-loopback HOST (docs/security.md, Local mode). */
  GEO_LOCAL_ALLOW_REMOTE: z.enum(["0", "1", "false", "true"]).default("0"),
  GEO_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  GEO_SESSION_SECRET: optionalString.pipe(
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  GEO_SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 14),
  GEO_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(256 * 1024),
  GEO_LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .default("info"),
  GEO_VALIDATE_RESPONSES: z.enum(["true", "false"]).default("false"),
  /** `<version>:<base64 secret>` pairs, comma-separated; the highest version hashes new keys. */
  GEO_KEY_PEPPERS: optionalString.pipe(
    z
      .string()
      .regex(
        /^\d+:[A-Za-z0-9+/_-]{43,}={0,2}(,\d+:[A-Za-z0-9+/_-]{43,}={0,2})*$/,
        "must be <version>:<base64 of at least 32 bytes>, comma-separated",
      )
      .optional(),
  ),
  /** `<id>:<base64 of 32 bytes>` pairs, comma-separated; the last one seals new data. */
  GEO_ENCRYPTION_KEYS: optionalString.pipe(
    z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{1,20}:[A-Za-z0-9+/_-]{43}=?(,[A-Za-z0-9_-]{1,20}:[A-Za-z0-9+/_-]{43}=?)*$/,
        "must be <id>:<base64 of 32 bytes>, comma-separated",
      )
      .optional(),
  ),
  /** Proxies whose X-Forwarded-For is believed (Express `trust proxy` values, comma-separated). */
  GEO_TRUSTED_PROXIES: optionalString,
  /** Run background workers (runs) in this process. */
  GEO_WORKERS: z.enum(["true", "false"]).default("true"),
  GEO_QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  GEO_QUEUE_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often API key use (`lastUsedAt`) noted by requests is written. */
  GEO_KEY_USE_FLUSH_SECONDS: z.coerce.number().min(0.1).max(300).default(10),
  /** Per-provider requests in flight per worker process: `openai=8,perplexity=4`. */
  GEO_ENGINE_CONCURRENCY: optionalString,
  /** Per-provider requests per minute per worker process: `openai=500,exa=none`. */
  GEO_ENGINE_RATE_LIMITS: optionalString,
  /** A run whose executor has not signalled for this long is handed to another worker. */
  GEO_RUN_STALL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(120),
  GEO_METRICS_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(512),
  GEO_AUTH_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  GEO_WORKSPACE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /** JSON file extending the cited-domain taxonomy (see docs/metrics.md). */
  GEO_DOMAIN_TAXONOMY_FILE: optionalString,
  /** JSON file of models merged over the built-in catalog (see docs/models.md). */
  GEO_MODEL_CATALOG_FILE: optionalString,
  /** The web dashboard's built files (default: apps/web/dist of this checkout; docs/web.md). */
  GEO_WEB_DIR: optionalString,
  /** Page fetches may reach loopback (local mode only; refused in hosted mode). */
  GEO_FETCH_ALLOW_LOOPBACK: z.enum(["true", "false"]).default("false"),
  /** Ports a fetched URL may name, comma-separated (default 80,443). */
  GEO_FETCH_PORTS: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,5}(,\d{1,5})*$/, "must be port numbers, comma-separated")
      .optional(),
  ),
  /**
   * Hosts whose `/grounding-api-redirect/` links stand for a cited page (Gemini's grounding
   * chunks), comma-separated; each is resolved to its target when the answer is stored.
   */
  GEO_CITATION_REDIRECT_HOSTS: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+(,[A-Za-z0-9.-]+)*$/, "must be host names, comma-separated")
      .optional(),
  ),
  /**
   * How often the workers check that each provider with an operator key serves its catalog
   * default models (at start, then once per this many hours across processes); 0 turns it off.
   */
  GEO_PROVIDER_CHECK_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** Time one citation redirect may take to answer its Location (then the title is used). */
  GEO_CITATION_REDIRECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  /** Total time one page fetch may take, redirects and body included (page evaluations). */
  GEO_PAGE_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * How long one page's content analysis may run (in its worker thread) before the worker is
   * terminated and the evaluation fails as `analysis_timeout` (docs/page-evaluations.md).
   */
  GEO_PAGE_ANALYSIS_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(60_000),
  /** Page evaluations a workspace may start per minute (`429 rate_limited` beyond). */
  GEO_PAGE_EVALUATIONS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Google OAuth client of connections (docs/connections.md); OAuth is off without it. */
  GEO_GOOGLE_OAUTH_CLIENT_ID: optionalString,
  GEO_GOOGLE_OAUTH_CLIENT_SECRET: optionalString,
  /** Google's consent screen (`https://accounts.google.com/o/oauth2/v2/auth`). */
  GEO_GOOGLE_AUTH_URL: optionalString.pipe(z.url().optional()),
  /** Google's token revocation endpoint (`https://oauth2.googleapis.com/revoke`). */
  GEO_GOOGLE_REVOKE_URL: optionalString.pipe(z.url().optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Overrides Stripe's API address (tests point the real client at a local fake). */
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  AGENTMAIL_API_KEY: optionalString,
  /** Google's OAuth 2.0 token endpoint (tests point it at a local fake; docs/connections.md). */
  GEO_GOOGLE_TOKEN_URL: optionalString.pipe(z.url().optional()),
  /** Root of the Search Console API (`https://searchconsole.googleapis.com/`). */
  GEO_GOOGLE_SEARCHCONSOLE_URL: optionalString.pipe(z.url().optional()),
  /** Root of the GA4 Data API (`https://analyticsdata.googleapis.com/`). */
  GEO_GOOGLE_ANALYTICSDATA_URL: optionalString.pipe(z.url().optional()),
  /** Time limit of one call to Google (token exchange or API request). */
  GEO_GOOGLE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(30),
  /** Rows per Search Console / GA4 page an SEO refresh asks for (docs/seo.md). */
  GEO_SEO_PAGE_ROWS: z.coerce.number().int().min(1).max(25_000).default(5_000),
  AGENTMAIL_BASE_URL: optionalString.pipe(z.url().optional()),
  /** Domain of workspace inboxes; the provider's default domain when unset. */
  GEO_EMAIL_DOMAIN: optionalString,
  /** Inbox that sends sign-in links and invitations. */
  GEO_EMAIL_SENDER_INBOX: optionalString,
});
