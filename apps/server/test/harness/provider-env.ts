import { PROVIDER_ENV_PREFIXES } from "../../src/engines/engine-registry.js";

/** The variables that point the server at a provider (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, …). */
export const providerEnvNames = PROVIDER_ENV_PREFIXES.flatMap((prefix) => [
  `${prefix}_API_KEY`,
  `${prefix}_BASE_URL`,
]);

/**
 * Sets the provider variables to exactly `values` (every other one cleared), for a test file
 * that starts a server against its fakes; answers the function that puts back what was there.
 */
export function useProviderEnv(values: Record<string, string>): () => void {
  const saved = new Map(providerEnvNames.map((name) => [name, process.env[name]]));
  for (const name of providerEnvNames) delete process.env[name];
  Object.assign(process.env, values);
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
