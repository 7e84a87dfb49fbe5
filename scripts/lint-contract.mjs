// Lints spec/openapi.yaml with Redocly CLI and the committed ruleset (redocly.yaml).
// Offline and quiet: no telemetry, no update check against the npm registry.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = createRequire(import.meta.url).resolve("@redocly/cli/bin/cli.js");
const result = spawnSync(
  process.execPath,
  [cli, "lint", "--format=stylish", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  },
);
if (result.error) throw result.error;
process.exit(result.status ?? 1);
