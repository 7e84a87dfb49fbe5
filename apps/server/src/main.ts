import { ConfigError, loadConfig } from "./config.js";
import { createLogger } from "./logger.js";
import { startServer } from "./server.js";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

const logger = createLogger(config.logLevel);
const running = await startServer({ config, logger });
logger.info(
  {
    url: running.url,
    database: running.ctx.db.kind,
    operatorMode: config.operatorMode,
    ...(running.ctx.db.kind === "pglite" ? { dataDir: config.dataDir } : {}),
  },
  "GEO Pulse API listening",
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
