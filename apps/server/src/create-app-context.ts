import { createRequire } from "node:module";
import type { Worker } from "node:worker_threads";
import { loadOpenApiDocument } from "@geopulse/api-types/openapi-document";
import { applyMigrations, type Database, openDatabase } from "@geopulse/db";
import type { Logger } from "pino";
import { type Clock, systemClock } from "./clock.js";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import { createEmailProvider } from "./email/create-email-provider.js";
import type { EmailProvider } from "./email/email-provider.js";
import { createProviderFetch } from "./engines/connectors/provider-fetch.js";
import type { AnswerEngine } from "./engines/engine.js";
import { EngineLimiters } from "./engines/limits/provider-limiter.js";
import { OperationIndex } from "./http/operation-index.js";
import { allJobHandlers } from "./jobs/job-handlers.js";
import { startJobQueue } from "./jobs/job-queue.js";
import { createLogger } from "./logger.js";
import { cryptoRandom, type Random } from "./random.js";
import { resolveServerSecrets } from "./server-secrets.js";
import { AnalyzerCache } from "./services/analysis/analysis-subject.js";
import { queueOutdatedReanalyses } from "./services/analysis/queue-outdated-reanalyses.js";
import { sweepApiKeys } from "./services/api-keys/sweep-api-keys.js";
import { AuthCache } from "./services/auth/auth-cache.js";
import { AuthChanges } from "./services/auth/auth-changes.js";
import { KeyUseRecorder } from "./services/auth/key-use-recorder.js";
import { listenAuthChanges } from "./services/auth/listen-auth-changes.js";
import type { AssistantToolbox } from "./services/chat/assistant-toolbox.js";
import { recoverInterruptedChatTurns } from "./services/chat/finish-interrupted-turn.js";
import { CitationRedirects } from "./services/citations/citation-redirects.js";
import { expireConfirmations } from "./services/confirmations/expire-confirmations.js";
import { sweepCredits } from "./services/credits/sweep-credits.js";
import { MetricsCache } from "./services/metrics/metrics-cache.js";
import { queueMissingChangeRefreshes } from "./services/metrics/refresh-workspace-changes.js";
import { checkProviderDefaults } from "./services/models/check-provider-defaults.js";
import { sweepRateLimits } from "./services/rate-limit/sweep-rate-limits.js";
import { queueOutdatedImpacts } from "./services/recommendations/queue-outdated-impacts.js";
import { queueDueReports } from "./services/reports/queue-due-reports.js";
import { startScheduledConfirmations } from "./services/run-schedule/start-scheduled-confirmations.js";
import { startScheduledRuns } from "./services/run-schedule/start-scheduled-runs.js";
import { startScheduledSeoRefreshes } from "./services/run-schedule/start-scheduled-seo-refreshes.js";
import { reclaimStalledRuns } from "./services/runs/reclaim-stalled-runs.js";
import { WorkspaceReadCache } from "./services/workspaces/workspace-read-cache.js";
import { PageContentWorker } from "./web/page-content/analyze-in-worker.js";

export interface AppContextOptions {
  config: Config;
  clock?: Clock;
  /** Retry jitter (default: crypto-based). */
  random?: Random;
  logger?: Logger;
  email?: EmailProvider;
  /** An already-open (and migrated) database; otherwise one is opened from config. */
  db?: Database;
  /** Apply pending migrations at start (default: only for the embedded database). */
  migrate?: boolean;
  /** Overrides the simulated engine (tests: known true rates, failures, latency). */
  simulatedEngine?: AnswerEngine;
  assistantToolbox?: AssistantToolbox;
  /** Starts the page content worker thread (tests: one that never finishes, for the deadline). */
  startPageContentWorker?: () => Worker;
}

export interface RunningContext {
  ctx: AppContext;
  /** Stops workers and the sweeper, then closes the database if it was opened here. */
  close(): Promise<void>;
}

/** Entries per auth cache map (keys, sessions, memberships). */
const authCacheEntries = 10_000;
/** Workspaces whose reads are kept in memory. */
const cachedWorkspaces = 10_000;

const version = (createRequire(import.meta.url)("../package.json") as { version: string }).version;

/**
 * Everything a process of GEO Pulse needs, API or worker: database (migrated
 * when embedded), secrets, job queue with its workers (GEO_WORKERS), and the
 * sweeper that writes down what the clock decided even when idle.
 */
export async function createAppContext(options: AppContextOptions): Promise<RunningContext> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const ownsDb = !options.db;
  const db =
    options.db ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      thread: config.embeddedThread,
    }));
  if (options.migrate ?? (ownsDb && db.kind === "pglite")) {
    const applied = await applyMigrations(db.adapterFactory);
    if (applied.length > 0) logger.info({ applied }, "applied migrations");
  }
  const openApiDocument = loadOpenApiDocument();
  const queue = await startJobQueue(db, logger, { superviseSeconds: config.queueSuperviseSeconds });
  const clock = options.clock ?? systemClock;
  const authCache = new AuthCache({ ttlMs: config.authCacheMs, maxEntries: authCacheEntries });
  const authChanges = new AuthChanges(authCache, logger);
  const workspaceReads = new WorkspaceReadCache({
    ttlMs: config.workspaceCacheMs,
    maxEntries: cachedWorkspaces,
  });
  const authListener = await listenAuthChanges({
    db,
    changes: authChanges,
    workspaceReads,
    logger,
  });
  const keyUse = new KeyUseRecorder(db.prisma);
  const ctx: AppContext = {
    config,
    db,
    prisma: db.prisma,
    clock,
    random: options.random ?? cryptoRandom,
    logger,
    email: options.email ?? createEmailProvider(config),
    operations: new OperationIndex(openApiDocument),
    openApiDocument,
    secrets: resolveServerSecrets(config),
    authCache,
    authChanges,
    workspaceReads,
    metricsCache: new MetricsCache(config.metricsCacheEntries),
    analyzers: new AnalyzerCache(),
    runningTurns: new Map(),
    keyUse,
    queue,
    engineLimiters: new EngineLimiters(clock, config.engineLimits),
    providerFetch: createProviderFetch(),
    citationRedirects: new CitationRedirects({
      ...config.citationRedirects,
      policy: config.pageFetch,
      clock,
    }),
    pageContent: new PageContentWorker({
      timeoutMs: config.pageEvaluations.analysisTimeoutMs,
      ...(options.startPageContentWorker ? { start: options.startPageContentWorker } : {}),
    }),
    simulatedEngine: options.simulatedEngine,
    assistantToolbox: options.assistantToolbox,
    version,
  };
  if (config.workers) {
    await queue.work(ctx, allJobHandlers, { pollingIntervalSeconds: config.queuePollSeconds });
    // A release may have changed the analysis rules: rebuild what an older one made.
    queueOutdatedReanalyses({ ctx }).catch((error: unknown) =>
      logger.error({ err: error }, "outdated-analysis sweep failed"),
    );
    // The providers still serve the catalog's default models (then once a period, below).
    checkProviderDefaults({ ctx }).catch((error: unknown) =>
      logger.error({ err: error }, "provider default check failed"),
    );
    // Days whose detected changes were never stored (a release that adds them, a lost job).
    queueMissingChangeRefreshes({ ctx }).catch((error: unknown) =>
      logger.error({ err: error }, "missing change days sweep failed"),
    );
    // Impacts stored in an older shape (a release that adds to `delta.windows`).
    queueOutdatedImpacts({ ctx }).catch((error: unknown) =>
      logger.error({ err: error }, "outdated impact sweep failed"),
    );
  }
  const sweeper = setInterval(() => {
    sweepApiKeys(ctx).catch((error: unknown) =>
      logger.error({ err: error }, "api key sweep failed"),
    );
    sweepCredits(ctx).catch((error: unknown) =>
      logger.error({ err: error }, "credit sweep failed"),
    );
    reclaimStalledRuns({ ctx }).catch((error: unknown) =>
      logger.error({ err: error }, "stalled-run sweep failed"),
    );
    recoverInterruptedChatTurns({ ctx }).catch((error: unknown) =>
      logger.error({ err: error }, "interrupted chat turn sweep failed"),
    );
    // The SEO refresh and the confirmation runs follow the occurrence the run sweep has just
    // acted on.
    startScheduledRuns({ ctx })
      .catch((error: unknown) => logger.error({ err: error }, "scheduled-run sweep failed"))
      .then(() => startScheduledSeoRefreshes({ ctx }))
      .catch((error: unknown) => logger.error({ err: error }, "scheduled-seo sweep failed"))
      .then(() => startScheduledConfirmations({ ctx }))
      .catch((error: unknown) => logger.error({ err: error }, "confirmation sweep failed"));
    expireConfirmations({ ctx }).catch((error: unknown) =>
      logger.error({ err: error }, "confirmation expiry sweep failed"),
    );
    queueDueReports({ ctx }).catch((error: unknown) =>
      logger.error({ err: error }, "scheduled-report sweep failed"),
    );
    sweepRateLimits({ ctx }).catch((error: unknown) =>
      logger.error({ err: error }, "rate limit sweep failed"),
    );
    if (config.workers)
      checkProviderDefaults({ ctx }).catch((error: unknown) =>
        logger.error({ err: error }, "provider default check failed"),
      );
  }, 60_000);
  sweeper.unref();
  const keyUseFlusher = setInterval(() => {
    keyUse.flush().catch((error: unknown) => logger.error({ err: error }, "key use flush failed"));
  }, config.keyUseFlushSeconds * 1000);
  keyUseFlusher.unref();
  return {
    ctx,
    close: async () => {
      clearInterval(sweeper);
      clearInterval(keyUseFlusher);
      await keyUse
        .flush()
        .catch((error: unknown) => logger.error({ err: error }, "key use flush failed"));
      await authListener.close();
      await queue.stop();
      await ctx.pageContent.close();
      await ctx.citationRedirects.close();
      await ctx.providerFetch.close();
      workspaceReads.close();
      if (ownsDb) await db.close();
    },
  };
}
