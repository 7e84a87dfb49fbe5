import { REAL_ENGINES } from "../../src/engines/engine-registry.js";

/** The variables that point the server at a provider (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, …). */
export const providerEnvNames = [
  ...new Set(Object.values(REAL_ENGINES).map(({ envPrefix }) => envPrefix)),
].flatMap((prefix) => [`${prefix}_API_KEY`, `${prefix}_BASE_URL`]);
