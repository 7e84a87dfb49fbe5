// How responsive the API stays while a workspace's stored answers are
// re-analysed. A workspace gets --days of daily standard runs (300 prompts ×
// 5 engines, answers stored with their citations and mentions, as the run
// recorder stores them; filled in-process like metrics-read.mjs, through
// metrics-fixture.mjs). Then the built server starts on that database with
// workers on, a competitor's aliases are changed through the API (which
// queues the re-analysis of every day), and until the job logs that it is
// done, GET /api/v1/health is sent every --interval ms and GET .../metrics is
// read in a loop. Printed: the re-analysis wall time, health and metrics
// latency (p50/p95/p99/max, requests over 100 ms and 1 s, errors), the same
// for an idle baseline, and the server's event-loop delay during the job (its
// log line).
//
// Build first: `pnpm exec turbo run build` (or `cd apps/server && npx tsc -p tsconfig.build.json`).
// Usage: node bench/reanalysis-latency.mjs [--days 90] [--prompts 300] [--interval 20]
//        [--pglite-dir DIR] [--reuse] [--targets pglite,postgres]
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/reanalysis-latency.mjs
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { applyMigrations, openDatabase } from "@geopulse/db";
import pg from "pg";
import { createWorkspace, signIn, startServer, stopAllServers } from "./bench-server.mjs";
import { fillWorkspace } from "./metrics-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    days: { type: "string", default: "90" },
    prompts: { type: "string", default: "300" },
    interval: { type: "string", default: "20" },
    // Measure again on a database a previous run filled (the alias is then removed).
    reuse: { type: "boolean", default: false },
    "pglite-dir": { type: "string" },
    targets: { type: "string", default: "pglite,postgres" },
    // A CPU profile of the measured server's whole life (node --cpu-prof) in this directory.
    profile: { type: "string" },
  },
});
const DAYS = Number(args.days);
const PROMPTS = Number(args.prompts);
const INTERVAL = Number(args.interval);
const ENGINES = ["openai", "perplexity", "gemini", "anthropic", "exa"];
const LAST_DAY = "2026-11-21";
const SLUG = "bench-reanalysis";
const PG_DB = "geo_bench_reanalysis";

const shift = (day, n) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const wanted = args.targets.split(",");
  const rows = [];
  if (wanted.includes("pglite")) rows.push(...(await benchTarget("pglite")));
  if (wanted.includes("postgres") && process.env.DATABASE_URL)
    rows.push(...(await benchTarget("postgres")));
  console.log(`\nSummary (ms; ${DAYS} days × ${PROMPTS} prompts × ${ENGINES.length} engines)`);
  console.table(rows);
}

async function benchTarget(kind) {
  let dbOptions;
  let env;
  let cleanup = () => {};
  let reuse = args.reuse;
  if (kind === "pglite") {
    const kept = args["pglite-dir"];
    const dir = kept ?? mkdtempSync(join(tmpdir(), "geo-bench-reanalysis-"));
    reuse = reuse && kept !== undefined && existsSync(join(dir, "PG_VERSION"));
    if (kept && !reuse) rmSync(dir, { recursive: true, force: true });
    dbOptions = { dataDir: dir };
    env = { GEO_DATA_DIR: dir };
    if (!kept) cleanup = () => rmSync(dir, { recursive: true, force: true });
  } else {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${PG_DB}`;
    dbOptions = { databaseUrl: url.toString() };
    env = { DATABASE_URL: url.toString() };
    if (!reuse) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${PG_DB}`);
      await admin.end();
    }
  }
  console.log(`\n== ${kind} ==`);
  const db0 = await openDatabase(dbOptions);
  await applyMigrations(db0.adapterFactory);
  await db0.close();
  if (!reuse) await fill(dbOptions, env);
  try {
    return await measure(kind, env);
  } finally {
    cleanup();
  }
}

async function fill(dbOptions, env) {
  const server = await startServer(env);
  await createWorkspace(server.base, await signIn(server.base), SLUG);
  await server.stop();
  const db = await openDatabase(dbOptions);
  const started = performance.now();
  const answers = await fillWorkspace({
    db,
    slug: SLUG,
    days: Array.from({ length: DAYS }, (_, i) => shift(LAST_DAY, i - DAYS + 1)),
    prompts: PROMPTS,
    engines: ENGINES,
    lastDay: LAST_DAY,
    storeAnswers: true,
  });
  console.log(
    `filled ${answers.toLocaleString("en")} answers in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.close();
}

async function measure(kind, env) {
  // The "workspace re-analysed" log line settles `done`.
  let finished = () => {};
  const done = new Promise((resolve) => {
    finished = resolve;
  });
  const server = await startServer(
    { ...env, GEO_WORKERS: "true", GEO_LOG_LEVEL: "info", GEO_QUEUE_POLL_SECONDS: "1" },
    {
      onLine: (line) => {
        if (line.includes("workspace re-analysed")) finished(JSON.parse(line));
      },
      nodeArgs: args.profile ? ["--cpu-prof", `--cpu-prof-dir=${args.profile}`] : [],
    },
  );
  try {
    const cookie = await signIn(server.base);
    const api = `${server.base}/api/v1/workspaces/${SLUG}`;
    const call = async (method, path, body) => {
      const response = await fetch(`${api}${path}`, {
        method,
        headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = response.status === 204 ? null : await response.json();
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status}`);
      return json;
    };
    const hooli = (await call("GET", "/competitors")).data.find((c) => c.name === "Hooli");
    // The measured edit adds the alias "pricing" (in about half of the answers), or removes it
    // again on a kept database (--reuse): either way every day is redone.
    const aliases = hooli.aliases.includes("pricing") ? ["Hooli XYZ"] : ["Hooli XYZ", "pricing"];

    const idle = await probe(server.base, api, cookie, new Promise((r) => setTimeout(r, 5000)));
    const started = performance.now();
    await call("PATCH", `/competitors/${hooli.competitorId}`, { aliases });
    const during = await probe(server.base, api, cookie, done);
    const wallMs = performance.now() - started;
    const job = await done;
    const waiting = await call("GET", "/metrics");
    console.log(
      `re-analysis: ${job.days} days, ${job.answers.toLocaleString("en")} answers (${job.changed.toLocaleString("en")} rewritten) in ${(wallMs / 1000).toFixed(1)} s; ` +
        `event-loop delay during the job p50 ${job.eventLoopDelayMs.p50} / p99 ${job.eventLoopDelayMs.p99} / max ${job.eventLoopDelayMs.max} ms`,
    );
    if (!waiting) throw new Error("metrics unreadable after the re-analysis");
    const row = (phase, route, s) => ({
      db: kind,
      phase,
      route,
      requests: s.n,
      p50: s.p50,
      p95: s.p95,
      p99: s.p99,
      max: s.max,
      ">100ms": s.over100,
      ">1s": s.over1000,
      errors: s.errors,
      "re-analysis s": phase === "during" ? Number((wallMs / 1000).toFixed(1)) : "",
      "loop max": phase === "during" ? job.eventLoopDelayMs.max : "",
    });
    return [
      row("idle", "health", idle.health),
      row("idle", "metrics", idle.metrics),
      row("during", "health", during.health),
      row("during", "metrics", during.metrics),
    ];
  } finally {
    await server.stop();
  }
}

/**
 * Until `until` settles: a health request every INTERVAL ms (not waiting for
 * the previous one, as a load balancer's probe would) and metrics reads one
 * after another. Returns the latency figures of each.
 */
async function probe(base, api, cookie, until) {
  const health = [];
  const metrics = [];
  let stop = false;
  until.then(() => {
    stop = true;
  });
  const timed = async (url, headers, into) => {
    const t0 = performance.now();
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      into.push({ ms: performance.now() - t0, ok: response.status === 200 });
    } catch (error) {
      into.push({
        ms: performance.now() - t0,
        ok: false,
        error: error.cause?.code ?? error.message,
      });
    }
  };
  const inflight = [];
  const healthLoop = (async () => {
    while (!stop) {
      inflight.push(timed(`${base}/api/v1/health`, {}, health));
      await new Promise((r) => setTimeout(r, INTERVAL));
    }
  })();
  const metricsLoop = (async () => {
    while (!stop) await timed(`${api}/metrics`, { cookie }, metrics);
  })();
  await Promise.all([healthLoop, metricsLoop]);
  await Promise.all(inflight);
  return { health: stats(health), metrics: stats(metrics) };
}

function stats(samples) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (v) => Number(v.toFixed(1));
  const errors = samples.filter((s) => !s.ok);
  const codes = [...new Set(errors.map((e) => e.error ?? "status"))];
  return {
    n: samples.length,
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? 0),
    over100: sorted.filter((v) => v > 100).length,
    over1000: sorted.filter((v) => v > 1000).length,
    errors: errors.length === 0 ? 0 : `${errors.length} (${codes.join(", ")})`,
  };
}

try {
  await main();
} finally {
  stopAllServers();
}
