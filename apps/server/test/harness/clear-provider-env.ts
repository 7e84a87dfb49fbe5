// Runs before every test file: provider keys or addresses in the developer's
// shell (OPENAI_API_KEY, …) would change which engines runs select. Tests
// that need them set them explicitly.
import { providerEnvNames } from "./provider-env.js";

for (const name of providerEnvNames) delete process.env[name];
for (const name of [
  "GEO_ENGINE_CONCURRENCY",
  "GEO_ENGINE_RATE_LIMITS",
  "GEO_DOMAIN_TAXONOMY_FILE",
  "GEO_MODEL_CATALOG_FILE",
])
  delete process.env[name];
