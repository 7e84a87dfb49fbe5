// The built server (apps/server/dist) as a child process for HTTP benchmarks,
// with the API calls that set a workspace up.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { NODE_FLAGS } from "../apps/server/dist/node-flags.js";

const serverDir = join(dirname(fileURLToPath(import.meta.url)), "../apps/server");
const secrets = {
  GEO_SESSION_SECRET: "b".repeat(40),
  GEO_KEY_PEPPERS: `1:${Buffer.alloc(32, 7).toString("base64")}`,
  GEO_ENCRYPTION_KEYS: `bench:${Buffer.alloc(32, 9).toString("base64")}`,
};
// Servers still running when a bench fails are stopped with it (stopAllServers).
const children = new Set();

export function stopAllServers() {
  for (const child of children) child.kill("SIGTERM");
}

/**
 * Starts the built server with these environment variables (they may turn
 * workers on or raise the log level). `onLine` receives its stdout lines
 * (pino's JSON), which are otherwise passed through; `nodeArgs`: extra flags
 * for the server's node (e.g. --cpu-prof); `logLevel`: the server's
 * GEO_LOG_LEVEL with its log lines discarded unless `onLine` reads them;
 * `serverDir`: another checkout's apps/server (its built dist), e.g. to
 * compare two builds. The result's `pid` is the server's process id.
 */
export async function startServer(env, { onLine, nodeArgs = [], logLevel, serverDir: dir } = {}) {
  const port = await freePort();
  // The PGlite target must not inherit the PostgreSQL URL of the bench's own environment.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    [
      // The heap limit `pnpm start` runs with (apps/server/package.json, GEO_MAX_HEAP_MB).
      `--max-old-space-size=${process.env.GEO_MAX_HEAP_MB ?? 1024}`,
      ...nodeArgs,
      ...NODE_FLAGS,
      join(dir ?? serverDir, "dist/main.js"),
    ],
    {
      env: {
        ...inherited,
        ...secrets,
        GEO_OPERATOR_MODE: "local",
        GEO_WORKERS: "false",
        GEO_LOG_LEVEL: logLevel ?? "warn",
        ...env,
        PORT: String(port),
      },
      stdio: ["ignore", onLine ? "pipe" : logLevel ? "ignore" : "inherit", "inherit"],
    },
  );
  if (onLine) createInterface({ input: child.stdout }).on("line", onLine);
  let exited = false;
  children.add(child);
  child.on("exit", () => {
    exited = true;
    children.delete(child);
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited) throw new Error("server exited during start");
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.on("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function signIn(base) {
  const response = await fetch(`${base}/api/v1/auth/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.com" }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 201 || !cookie) throw new Error(`sign-in: ${response.status}`);
  return cookie;
}

/** Creates a workspace as the signed-in user; returns its slug. */
export async function createWorkspace(base, cookie, brand) {
  const response = await fetch(`${base}/api/v1/workspaces`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({
      brand,
      displayName: "Acme Analytics",
      domains: ["acme.com"],
      languages: ["en"],
      regions: ["us"],
      competitors: [
        { name: "Globex", domains: ["globex.com"], aliases: ["Globex Corp"], ambiguous: false },
        { name: "Initech", domains: ["initech.io"], aliases: ["Initech"], ambiguous: false },
        { name: "Hooli", domains: ["hooli.xyz"], aliases: ["Hooli XYZ"], ambiguous: false },
        { name: "Umbrella", domains: ["umbrella.dev"], aliases: ["Umbrella HQ"], ambiguous: false },
      ],
      gscProperty: "sc-domain:acme.com",
      ga4Property: "123456789",
      activeSetSize: 300,
      complianceProfile: "none",
      quotas: {
        discovery: 0.3,
        problem_solution: 0.2,
        use_case: 0.2,
        comparison: 0.1,
        expert: 0.1,
        brand_research: 0.1,
      },
    }),
  });
  if (response.status !== 201)
    throw new Error(`workspace: ${response.status} ${await response.text()}`);
  return (await response.json()).slug;
}
