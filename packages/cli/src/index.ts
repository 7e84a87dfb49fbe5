export {
  ConfigStore,
  configDir,
  configFile,
  credentialsFile,
  type StoredConfig,
} from "./config.js";
export type { Io, Writer } from "./context.js";
export { pollForToken, slowDownInterval } from "./device-flow.js";
export { CliError, ExitCode, exitCodeFor, formatError } from "./errors.js";
export { buildProgram, run } from "./program.js";
