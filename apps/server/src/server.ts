import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { loadOpenApiDocument } from "@geopulse/api-types/openapi-document";
import { applyMigrations, type Database, openDatabase } from "@geopulse/db";
import type { Logger } from "pino";
import { createApp } from "./app.js";
import { type Clock, systemClock } from "./clock.js";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import { createEmailProvider } from "./email/create-email-provider.js";
import type { EmailProvider } from "./email/email-provider.js";
import { OperationIndex } from "./http/operation-index.js";
import { createLogger } from "./logger.js";
import { resolveServerSecrets } from "./server-secrets.js";
import { sweepApiKeys } from "./services/api-keys/sweep-api-keys.js";
import { sweepCredits } from "./services/credits/sweep-credits.js";

export interface StartServerOptions {
  config: Config;
  clock?: Clock;
  logger?: Logger;
  email?: EmailProvider;
  /** An already-open (and migrated) database; otherwise one is opened from config. */
  db?: Database;
  /** Apply pending migrations at start (default: only for the embedded database). */
  migrate?: boolean;
}

export interface RunningServer {
  url: string;
  ctx: AppContext;
  server: Server;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

const version = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
const drainTimeoutMs = 10_000;

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const ownsDb = !options.db;
  const db =
    options.db ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (options.migrate ?? (ownsDb && db.kind === "pglite")) {
    const applied = await applyMigrations(db.adapterFactory);
    if (applied.length > 0) logger.info({ applied }, "applied migrations");
  }
  const openApiDocument = loadOpenApiDocument();
  const secrets = resolveServerSecrets(config);
  const ctx: AppContext = {
    config,
    db,
    prisma: db.prisma,
    clock: options.clock ?? systemClock,
    logger,
    email: options.email ?? createEmailProvider(config),
    operations: new OperationIndex(openApiDocument),
    openApiDocument,
    secrets,
    version,
  };
  const app = createApp(ctx);
  // Write down what the clock decided, even when idle: closed key delivery windows and
  // grace periods, reservations that outlived their operation, expired credit.
  const sweeper = setInterval(() => {
    sweepApiKeys(ctx).catch((error: unknown) =>
      logger.error({ err: error }, "api key sweep failed"),
    );
    sweepCredits(ctx).catch((error: unknown) =>
      logger.error({ err: error }, "credit sweep failed"),
    );
  }, 60_000);
  sweeper.unref();
  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    ctx,
    server,
    close: async () => {
      clearInterval(sweeper);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), drainTimeoutMs);
      await closed;
      clearTimeout(timer);
      if (ownsDb) await db.close();
    },
  };
}
