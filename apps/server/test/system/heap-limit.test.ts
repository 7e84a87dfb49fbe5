import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../harness/test-database.js";
import { hostedSecretsEnv, validWorkspace } from "../harness/test-server.js";

/**
 * The API process runs as `pnpm start` runs it (apps/server's `start` script, with its heap
 * limit, here lowered through GEO_MAX_HEAP_MB), and requests whose size comes from the request
 * get a 4xx, never a crash: the request that took the whole process down (a 9999-12 range on
 * seo/correlation) and the longest ranges the day type allows, on every range route.
 */
const serverDir = fileURLToPath(new URL("../../", import.meta.url));
const scripts: Record<string, string> = JSON.parse(
  readFileSync(`${serverDir}package.json`, "utf8"),
).scripts;
const heapMb = 160;
let database: TestDatabase | undefined;
let child: ChildProcess | undefined;
let base = "";
let cookie = "";
let slug = "";

/** Starts `script` the way pnpm does (sh -c, in apps/server), with this test's node. */
function runScript(script: string, env: Record<string, string>): ChildProcess {
  const command = (scripts[script] as string).replace(/^exec node /, `exec "${process.execPath}" `);
  // The embedded database unless a PostgreSQL one is given: not the test run's own URL.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  return spawn("sh", ["-c", command], {
    cwd: serverDir,
    env: { ...inherited, ...hostedSecretsEnv, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
}

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers };
}

beforeAll(async () => {
  if (!existsSync(`${serverDir}dist/main.js`)) throw new Error("build the server first");
  const onPostgres = Boolean(process.env.DATABASE_URL);
  database = onPostgres ? await createTestDatabase() : undefined;
  child = runScript("start", {
    PORT: "0",
    GEO_OPERATOR_MODE: "local",
    GEO_WORKERS: "false",
    GEO_LOG_LEVEL: "info",
    GEO_MAX_HEAP_MB: String(heapMb),
    ...(database?.db.url ? { DATABASE_URL: database.db.url } : { GEO_DATA_DIR: "memory://" }),
  });
  base = await new Promise<string>((resolve, reject) => {
    let out = "";
    child?.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /"url":"(http:[^"]+)"/.exec(out)?.[1];
      if (url) resolve(url.replace("localhost", "127.0.0.1"));
    });
    child?.once("exit", (code) => reject(new Error(`API process exited (${code})`)));
  });
  const signIn = await call("POST", "/api/v1/auth/sessions", { email: "heap@example.com" });
  cookie = signIn.headers.get("set-cookie")?.split(";")[0] ?? "";
  const created = await call("POST", "/api/v1/workspaces", validWorkspace({ brand: "heap" }));
  expect(created.status, created.text).toBe(201);
  slug = JSON.parse(created.text).slug;
}, 120_000);

afterAll(async () => {
  if (child?.exitCode === null) {
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await database?.close();
});

describe("the API process under its heap limit", () => {
  it("starts and works with --max-old-space-size from the start and worker scripts", () => {
    for (const script of ["start", "worker"]) {
      // The shell's default expansion: GEO_MAX_HEAP_MB, else 1024 MB.
      expect(scripts[script]).toContain(`--max-old-space-size=$\{GEO_MAX_HEAP_MB:-1024}`);
    }
    const argv = readFileSync(`/proc/${child?.pid}/cmdline`, "utf8").split("\0");
    expect(argv).toContain(`--max-old-space-size=${heapMb}`);
  });

  it("answers the request that crashed the process with a 400 and keeps serving", async () => {
    const crash = await call(
      "GET",
      `/api/v1/workspaces/${slug}/seo/correlation?from=9999-12-01&to=9999-12-31`,
    );
    expect(crash.status, crash.text).toBe(400);
    expect(JSON.parse(crash.text).error.details.fields).toContainEqual(
      expect.objectContaining({ field: "query.to", rule: "format" }),
    );
    expect((await call("GET", "/api/v1/health")).status).toBe(200);
    expect(child?.exitCode).toBe(null);
  });

  it("refuses the longest range the day type allows on every range route with a 4xx", async () => {
    const widest = "from=2000-01-01&to=2100-12-31";
    for (const path of [
      `seo/correlation?${widest}`,
      `seo/traffic?${widest}`,
      `seo/landing-pages?${widest}`,
      `seo/queries?${widest}`,
      `metrics/timeseries?${widest}`,
      `metrics/changes?${widest}`,
      `sources?${widest}`,
      `sources/acme.com?${widest}`,
    ]) {
      const response = await call("GET", `/api/v1/workspaces/${slug}/${path}`);
      expect(response.status, `${path}: ${response.text}`).toBe(400);
    }
    for (const path of ["seo/refresh", "seo/query-suggestions"]) {
      const response = await call("POST", `/api/v1/workspaces/${slug}/${path}`, {
        from: "2000-01-01",
        to: "2100-12-31",
      });
      expect(response.status, `${path}: ${response.text}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${path}: ${response.text}`).toBeLessThan(500);
    }
    expect((await call("GET", "/api/v1/health")).status).toBe(200);
    expect(child?.exitCode).toBe(null);
  });
});
