export { type Clock, ManualClock, systemClock } from "./clock.js";
export { type Config, ConfigError, loadConfig } from "./config.js";
export {
  type AppContextOptions,
  createAppContext,
  type RunningContext,
} from "./create-app-context.js";
export type { EmailProvider } from "./email/email-provider.js";
export { createLogger } from "./logger.js";
export { type RunningServer, type StartServerOptions, startServer } from "./server.js";
export {
  type DerivedRecommendation,
  upsertDerivedRecommendation,
} from "./services/recommendations/upsert-derived-recommendation.js";
export {
  type GenerateReportOptions,
  generateReport,
} from "./services/reports/generate-report.js";
