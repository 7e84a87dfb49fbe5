import { PROVIDER_ENV_PREFIXES } from "../../src/engines/engine-registry.js";

/** The variables that point the server at a provider (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, …). */
export const providerEnvNames = PROVIDER_ENV_PREFIXES.flatMap((prefix) => [
  `${prefix}_API_KEY`,
  `${prefix}_BASE_URL`,
]);
