import type { Database, PrismaClient } from "@geopulse/db";
import type { Logger } from "pino";
import type { Clock } from "./clock.js";
import type { Config } from "./config.js";
import type { EmailProvider } from "./email/email-provider.js";
import type { ProviderFetch } from "./engines/connectors/provider-fetch.js";
import type { AnswerEngine } from "./engines/engine.js";
import type { EngineLimiters } from "./engines/limits/provider-limiter.js";
import type { OperationIndex } from "./http/operation-index.js";
import type { JobQueue } from "./jobs/job-queue.js";
import type { Random } from "./random.js";
import type { ServerSecrets } from "./server-secrets.js";
import type { AnalyzerCache } from "./services/analysis/analysis-subject.js";
import type { AuthCache } from "./services/auth/auth-cache.js";
import type { AuthChanges } from "./services/auth/auth-changes.js";
import type { KeyUseRecorder } from "./services/auth/key-use-recorder.js";
import type { AssistantToolbox } from "./services/chat/assistant-toolbox.js";
import type { RunningTurns } from "./services/chat/turn-events.js";
import type { CitationRedirects } from "./services/citations/citation-redirects.js";
import type { MetricsCache } from "./services/metrics/metrics-cache.js";
import type { WorkspaceReadCache } from "./services/workspaces/workspace-read-cache.js";
import type { PageContentWorker } from "./web/page-content/analyze-in-worker.js";

/** Everything a handler or service may depend on; built once per server. */
export interface AppContext {
  config: Config;
  db: Database;
  prisma: PrismaClient;
  clock: Clock;
  /** The one source of chance (retry jitter); crypto-based unless a test fixes it. */
  random: Random;
  logger: Logger;
  email: EmailProvider;
  operations: OperationIndex;
  openApiDocument: Record<string, unknown>;
  secrets: ServerSecrets;
  /** Verified keys, sessions and memberships, kept briefly (services/auth/auth-cache.ts). */
  authCache: AuthCache;
  /** Publishes auth changes to every process's cache, inside the change's transaction. */
  authChanges: AuthChanges;
  /** Reads of a workspace, dropped on every change (services/workspaces/workspace-read-cache.ts). */
  workspaceReads: WorkspaceReadCache;
  /** Computed day metrics and changes, by their revisions (services/metrics/metrics-cache.ts). */
  metricsCache: MetricsCache;
  /** Workspaces' answer analyzers, by subject (services/analysis/analysis-subject.ts). */
  analyzers: AnalyzerCache;
  /** Chat turns this server is answering (services/chat/turn-events.ts). */
  runningTurns: RunningTurns;
  /** API key use, written off the request path. */
  keyUse: KeyUseRecorder;
  /** The durable job queue (runs execute there). */
  queue: JobQueue;
  /** Page content analyses, in a worker thread under their deadline (page evaluations). */
  pageContent: PageContentWorker;
  /** Resolves engines' redirect links to the pages they cite (Gemini grounding). */
  citationRedirects: CitationRedirects;
  /** The HTTP client of the providers' SDKs (`engines/connectors/provider-fetch.ts`). */
  providerFetch: ProviderFetch;
  /** Per-provider concurrency and rate bounds shared by every run this process executes. */
  engineLimiters: EngineLimiters;
  /** Overrides the simulated engine (tests give it known true rates or latency). */
  simulatedEngine?: AnswerEngine | undefined;
  /** Overrides the chat assistant's tools (tests add tools the registry does not have yet). */
  assistantToolbox?: AssistantToolbox | undefined;
  version: string;
}
