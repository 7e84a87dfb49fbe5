import { REAL_ENGINES } from "../../src/engines/engine-registry.js";

/** The variables that point the server at a provider (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, …). */
export const providerEnvNames = Object.values(REAL_ENGINES).flatMap(({ envPrefix }) => [
  `${envPrefix}_API_KEY`,
  `${envPrefix}_BASE_URL`,
]);
