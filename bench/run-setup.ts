/**
 * What the run benches share: the five provider fakes (and Gemini's grounding-redirect host) in
 * their own process answering after a fixed latency, the database (embedded PGlite in a new
 * temporary directory by default, as the default setup keeps it on disk; `--data-dir memory://`
 * for none;
 * with DATABASE_URL a scratch database created next to it and dropped by `close`), a server
 * with workers in this process, and a signed-in workspace with every engine on, credit and
 * `prompts` active prompts.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { applyMigrations, openDatabase } from "@geopulse/db";
import pg from "pg";
import { loadConfig } from "../apps/server/src/config.js";
import { newId } from "../apps/server/src/ids.js";
import { createLogger } from "../apps/server/src/logger.js";
import { startServer } from "../apps/server/src/server.js";
import { timeStatements } from "./statement-timings.js";

export interface RunBenchOptions {
  prompts: number;
  latencyMs: number;
  /** Requests in flight per provider. */
  concurrency: number;
  /** Time the embedded database's statements (`--statements`). */
  statements?: boolean;
  /** GEO_QUEUE_POLL_SECONDS (the server's default when absent). */
  queuePollSeconds?: number;
  /**
   * The embedded database's directory: a new temporary one by default (on disk, as the
   * default setup keeps it; removed by `close`), `memory://` for none.
   */
  dataDir?: string | undefined;
  /** Run the embedded database on the server's thread (`--main-thread`), as before it had its own. */
  mainThread?: boolean | undefined;
}

/** What the provider fakes saw: requests per provider and when each arrived (epoch ms). */
export interface ProviderTraffic {
  counts: Record<string, number>;
  arrivals: Record<string, number[]>;
}

export type RunBench = Awaited<ReturnType<typeof startRunBench>>;

export async function startRunBench(options: RunBenchOptions) {
  // The providers run in their own process, as real ones do: their CPU is not the server's.
  const fakeProcess = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      fileURLToPath(new URL("./fake-providers.ts", import.meta.url)),
      String(options.latencyMs),
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const { REDIRECTS: redirectsUrl, ...urls }: Record<string, string> = JSON.parse(
    await new Promise<string>((resolve, reject) => {
      fakeProcess.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString()));
      fakeProcess.once("exit", (code) => reject(new Error(`fake providers exited (${code})`)));
    }),
  );
  for (const [prefix, url] of Object.entries(urls)) {
    process.env[`${prefix}_API_KEY`] = `${prefix.toLowerCase()}-bench`;
    process.env[`${prefix}_BASE_URL`] = url;
  }
  const engineIds = ["openai", "perplexity", "anthropic", "gemini", "exa"];

  const adminUrl = process.env.DATABASE_URL;
  let scratchUrl: string | undefined;
  if (adminUrl) {
    const name = `geo_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    scratchUrl = url.toString();
  }
  const temporaryDir =
    scratchUrl || options.dataDir ? undefined : mkdtempSync(join(tmpdir(), "geo-bench-"));
  const db = await openDatabase(
    scratchUrl
      ? { databaseUrl: scratchUrl, poolSize: 10 }
      : { dataDir: options.dataDir ?? temporaryDir, thread: !options.mainThread },
  );
  await applyMigrations(db.adapterFactory);
  const statements = options.statements && db.pglite ? await timeStatements(db.pglite) : undefined;

  const config = loadConfig({
    // The server reads provider keys and addresses at start: the fakes' set above.
    ...Object.fromEntries(
      Object.keys(urls).flatMap((prefix) =>
        [`${prefix}_API_KEY`, `${prefix}_BASE_URL`].map((name) => [name, process.env[name]]),
      ),
    ),
    PORT: "0",
    GEO_OPERATOR_MODE: "local",
    GEO_LOG_LEVEL: "warn",
    GEO_PROVIDER_CHECK_HOURS: "0",
    // Gemini's grounding links resolve through the fakes' redirect host.
    GEO_CITATION_REDIRECT_HOSTS: "127.0.0.1",
    GEO_FETCH_ALLOW_LOOPBACK: "true",
    GEO_FETCH_PORTS: new URL(redirectsUrl ?? "http://127.0.0.1:1").port,
    ...(options.queuePollSeconds === undefined
      ? {}
      : { GEO_QUEUE_POLL_SECONDS: String(options.queuePollSeconds) }),
    GEO_ENGINE_CONCURRENCY: engineIds.map((e) => `${e}=${options.concurrency}`).join(","),
    GEO_ENGINE_RATE_LIMITS: engineIds.map((e) => `${e}=none`).join(","),
  });
  const server = await startServer({ config, db, logger: createLogger("warn") });
  const call = async (method: string, path: string, cookie?: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { response, body: text ? JSON.parse(text) : undefined };
  };

  const signedIn = await call("POST", "/api/v1/auth/sessions", undefined, {
    email: "bench@example.com",
  });
  const cookie = signedIn.response.headers.get("set-cookie")?.split(";")[0] ?? "";
  const competitors = ["Globex", "Initech", "Umbrella"].map((name) => ({
    name,
    domains: [`${name.toLowerCase()}.com`],
    aliases: [name],
    ambiguous: false,
  }));
  const created = await call("POST", "/api/v1/workspaces", cookie, {
    brand: "bench",
    displayName: "Bench Analytics",
    domains: ["bench.example"],
    languages: ["en"],
    regions: ["us"],
    competitors,
    gscProperty: "sc-domain:bench.example",
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
  });
  const slug: string = created.body.slug;
  const ws = `/api/v1/workspaces/${slug}`;
  const model = await call("GET", `${ws}/model`, cookie);
  await call("PUT", `${ws}/model`, cookie, {
    engines: model.body.engines.map((e: { engine: string; model: string }) => ({
      ...e,
      enabled: true,
    })),
    weights: model.body.weights,
  });
  await call("POST", `${ws}/credits/top-up`, cookie, {
    amountMicrousd: 500_000_000,
    idempotencyKey: "bench-top-up",
  });
  const workspace = await server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const now = new Date();
  await server.ctx.prisma.prompt.createMany({
    data: Array.from({ length: options.prompts }, (_, i) => ({
      id: newId("prm", server.ctx.clock),
      workspaceId: workspace.id,
      text: `Which analytics platform suits a team of ${i + 2}?`,
      textKey: `which analytics platform suits a team of ${i + 2}?`,
      category: "discovery",
      language: "en",
      region: null,
      tags: [],
      active: true,
      source: "manual",
      createdAt: now,
      updatedAt: now,
    })),
  });

  let postAnsweredAt = Number.NaN;
  /** Starts a run of the preset and polls it every 100 ms until it finishes. */
  const runToEnd = async (preset: string) => {
    const started = await call("POST", `${ws}/runs`, cookie, { preset });
    postAnsweredAt = performance.timeOrigin + performance.now();
    const runId: string = started.body.runId;
    let run = started.body;
    while (!run.finishedAt) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = (await call("GET", `${ws}/runs/${runId}`, cookie)).body;
    }
    return run;
  };

  /**
   * Stops the server, the fakes (returning their request counts and arrival times) and drops a
   * scratch database.
   */
  const close = async (): Promise<ProviderTraffic> => {
    await server.close();
    let stderr = "";
    fakeProcess.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise((resolve) => fakeProcess.once("exit", resolve));
    fakeProcess.kill("SIGTERM");
    await exited;
    const report = stderr.split("\n").findLast((line) => line.startsWith('{"counts"'));
    if (!report) throw new Error(`the provider fakes printed no report: ${stderr}`);
    const traffic: ProviderTraffic = JSON.parse(report);
    if (scratchUrl && adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(
        `DROP DATABASE IF EXISTS ${new URL(scratchUrl).pathname.slice(1)} WITH (FORCE)`,
      );
      await admin.end();
    }
    if (temporaryDir) rmSync(temporaryDir, { recursive: true, force: true });
    return traffic;
  };

  return {
    server,
    db,
    call,
    cookie,
    slug,
    ws,
    statements,
    runToEnd,
    /** When the last run's POST was answered (epoch ms). */
    postAnsweredAt: () => postAnsweredAt,
    close,
  };
}
