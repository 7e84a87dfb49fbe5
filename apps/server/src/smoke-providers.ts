// `pnpm smoke:providers`: one prompt per configured provider through the real connectors, for
// an operator with real keys (docs: README "Checking the providers"). Never run by CI: its test
// (test/smoke/smoke-providers.test.ts) runs it against the fakes. Exit 0 when every configured
// provider passed or warned, 1 when one failed, 2 when none is configured, 78 on bad config.
import { systemClock } from "./clock.js";
import { ConfigError, loadConfig } from "./config.js";
import { formatSmokeResults, smokeProviders } from "./smoke/smoke-providers.js";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env, systemClock);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
const results = await smokeProviders({ config, clock: systemClock });
console.log(formatSmokeResults(results));
if (results.every((r) => r.verdict === "skipped")) {
  console.error("No provider key is set: nothing was asked.");
  process.exit(2);
}
process.exit(results.some((r) => r.verdict === "fail") ? 1 : 0);
