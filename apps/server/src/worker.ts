// A worker process: the job queue's workers without an HTTP server. Run as many
// as the load needs, on any machine that reaches the same PostgreSQL.
import { ConfigError, loadConfig } from "./config.js";
import { createAppContext } from "./create-app-context.js";
import { createLogger } from "./logger.js";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig({ ...process.env, GEO_WORKERS: "true" });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
const logger = createLogger(config.logLevel);
const running = await createAppContext({ config, logger });
logger.info({ database: running.ctx.db.kind }, "GEO Pulse worker started");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "worker stopping");
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "worker stop failed");
        process.exit(1);
      },
    );
  });
}
