// The dependency audit of `pnpm check`: `pnpm audit --prod` against the configured registry.
// Fails (exit 1) on a high or critical advisory for a production dependency, listing them;
// lower severities are counted and pass. When the registry's audit endpoint cannot be
// reached (offline, a mirror without the audit API, an error status), it says so plainly,
// "dependency audit skipped: registry unreachable (…)", and passes: the check does not
// depend on the network. Any other failure of pnpm fails. Extra arguments go to
// `pnpm audit` (e.g. `--registry <url>`).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const failing = ["critical", "high"];

// Inside `pnpm run`, npm_execpath is pnpm's own entry point; else pnpm on the PATH.
const execpath = process.env.npm_execpath ?? "";
const [command, prefix] = /pnpm/.test(execpath)
  ? /\.[cm]?js$/.test(execpath)
    ? [process.execPath, [execpath]]
    : [execpath, []]
  : ["pnpm", []];
const audit = spawnSync(
  command,
  [...prefix, "audit", "--prod", "--json", ...process.argv.slice(2)],
  {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    // Offline, pnpm's default retries wait about a minute before giving up: one retry, soon.
    env: {
      npm_config_fetch_retries: "1",
      npm_config_fetch_retry_mintimeout: "1000",
      npm_config_fetch_retry_maxtimeout: "2000",
      ...process.env,
    },
  },
);
if (audit.error) {
  console.error(`dependency audit failed: pnpm could not be run (${audit.error.message})`);
  process.exit(1);
}

/** What pnpm wrote: the report, or `{ error: { code, message } }`; undefined if not JSON. */
function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
const report = parse(audit.stdout) ?? parse(audit.stderr);
const networkCodes =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT|UND_ERR_\w+)\b/;
const oneLine = (text) => String(text).replace(/\s+/g, " ").trim();

if (report?.error) {
  const { code = "", message = "" } = report.error;
  // The endpoint answered an error status (no audit API on this registry, or it is down),
  // or the network failed on the way.
  if (code === "ERR_PNPM_AUDIT_BAD_RESPONSE" || networkCodes.test(`${code} ${message}`)) {
    console.log(
      `dependency audit skipped: registry unreachable (${oneLine(`${code}: ${message}`)})`,
    );
    process.exit(0);
  }
  console.error(`dependency audit failed: ${oneLine(`${code}: ${message}`)}`);
  process.exit(1);
}
if (!report?.metadata?.vulnerabilities) {
  const output = oneLine(`${audit.stderr} ${audit.stdout}`).slice(0, 500);
  if (networkCodes.test(output)) {
    console.log(`dependency audit skipped: registry unreachable (${output})`);
    process.exit(0);
  }
  console.error(
    `dependency audit failed: pnpm audit gave no report (exit ${audit.status}): ${output}`,
  );
  process.exit(1);
}

const counts = report.metadata.vulnerabilities;
const advisories = Object.values(report.advisories ?? {});
const serious = advisories.filter((advisory) => failing.includes(advisory.severity));
const summary = ["critical", "high", "moderate", "low", "info"]
  .map((severity) => `${counts[severity] ?? 0} ${severity}`)
  .join(", ");
if (serious.length === 0 && failing.every((severity) => (counts[severity] ?? 0) === 0)) {
  console.log(
    `dependency audit: no high or critical advisory for production dependencies (${summary})`,
  );
  process.exit(0);
}
console.error(`dependency audit failed: ${summary}`);
for (const advisory of serious) {
  const paths = (advisory.findings ?? []).flatMap((finding) => finding.paths ?? []).slice(0, 3);
  console.error(
    `  ${advisory.severity}: ${advisory.module_name} ${advisory.vulnerable_versions ?? ""}: ${oneLine(advisory.title ?? "")}` +
      `${advisory.url ? ` (${advisory.url})` : ""}${advisory.patched_versions ? `; patched: ${advisory.patched_versions}` : ""}` +
      `${paths.length ? `; via ${paths.join(", ")}` : ""}`,
  );
}
process.exit(1);
