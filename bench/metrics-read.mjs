// Read latency of GET .../metrics and .../scoreboard over HTTP, for a workspace
// with one day of data and one with a year of daily standard runs (300 prompts
// × 5 engines × 365 days ≈ 550,000 answers), on the embedded PGlite and, when
// DATABASE_URL is set, on PostgreSQL. Targets: p95 under 50 ms, and the year
// within 2× of the one-day workspace. Measured cached (the same request again)
// and uncached (a server with GEO_METRICS_CACHE_ENTRIES=0: every request reads
// the rollups and runs the bootstrap), plus a year of the time series.
//
// Answers are not sent through the HTTP run path (far too slow for 550,000):
// they are generated in-process by the simulated engine, analysed by the real
// analyzer, and turned into rollup rows by the same functions the pipeline
// uses (buildRollupRows, lockMetricDay, addRollupRows), one day per
// transaction. Engine responses themselves are not stored: the routes never
// read them.
//
// Build first: `cd apps/server && npx tsc -p tsconfig.build.json`.
// Usage: node bench/metrics-read.mjs [--days 365] [--prompts 300] [--requests 200]
//        [--pglite-dir DIR] [--reuse] [--targets pglite,postgres] [--only timeseries]
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/metrics-read.mjs
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { applyMigrations, openDatabase } from "@geopulse/db";
import pg from "pg";
import { createWorkspace, signIn, startServer, stopAllServers } from "./bench-server.mjs";
import { stats, timed } from "./http-timing.mjs";
import { CATEGORIES, fillWorkspace } from "./metrics-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    days: { type: "string", default: "365" },
    prompts: { type: "string", default: "300" },
    requests: { type: "string", default: "200" },
    // Measure again on the databases a previous run filled (skips the fill): the
    // PostgreSQL database geo_bench_metrics, and the PGlite directory --pglite-dir.
    reuse: { type: "boolean", default: false },
    // Keep the embedded database here (not deleted afterwards) so --reuse can measure it again.
    "pglite-dir": { type: "string" },
    // Comma-separated subset of pglite,postgres (postgres needs DATABASE_URL).
    targets: { type: "string", default: "pglite,postgres" },
    // Measure only the year of the time series (uncached), e.g. while working on it.
    only: { type: "string" },
  },
});
if (args.only !== undefined && args.only !== "timeseries") {
  throw new Error(`--only takes "timeseries", got "${args.only}"`);
}
const DAYS = Number(args.days);
const PROMPTS = Number(args.prompts);
const REQUESTS = Number(args.requests);
const ENGINES = ["openai", "perplexity", "gemini", "anthropic", "exa"];
const LAST_DAY = "2026-11-21";

const shift = (day, n) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const wanted = args.targets.split(",");
  const targets = [];
  if (wanted.includes("pglite")) targets.push({ kind: "pglite" });
  if (wanted.includes("postgres") && process.env.DATABASE_URL) targets.push({ kind: "postgres" });
  const results = [];
  for (const target of targets) results.push(await benchTarget(target));
  console.log(
    "\nSummary (ms; cached = the same request again; uncached = GEO_METRICS_CACHE_ENTRIES=0: stored snapshots; filtered, first read = computed and stored)",
  );
  console.table(results.flat());
}

async function benchTarget({ kind }) {
  let dbOptions;
  let env;
  let cleanup = async () => {};
  let reuse = false;
  if (kind === "pglite") {
    const kept = args["pglite-dir"];
    const dir = kept ?? mkdtempSync(join(tmpdir(), "geo-bench-"));
    reuse = args.reuse && kept !== undefined && existsSync(join(dir, "PG_VERSION"));
    if (kept && !reuse) rmSync(dir, { recursive: true, force: true });
    dbOptions = { dataDir: dir };
    env = { GEO_DATA_DIR: dir };
    if (!kept) cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    reuse = args.reuse;
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = "/geo_bench_metrics";
    dbOptions = { databaseUrl: url.toString() };
    env = { DATABASE_URL: url.toString() };
    if (!reuse) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query("DROP DATABASE IF EXISTS geo_bench_metrics WITH (FORCE)");
      await admin.query("CREATE DATABASE geo_bench_metrics");
      await admin.end();
    }
  }
  console.log(`\n== ${kind} ==`);
  if (reuse) await migrate(dbOptions);
  else await prepare(dbOptions, env);
  await forgetStoredSnapshots(dbOptions);
  return measureTarget(kind, env, cleanup);
}

/** Brings a database up to the current migrations (a kept one may predate some). */
async function migrate(dbOptions) {
  const db = await openDatabase(dbOptions);
  await applyMigrations(db.adapterFactory);
  await db.close();
}

/** Drops the stored day snapshots, sums and series, so a kept database measures first reads as a fresh one. */
async function forgetStoredSnapshots(dbOptions) {
  const db = await openDatabase(dbOptions);
  await db.prisma.$executeRawUnsafe("DELETE FROM metric_snapshots");
  await db.prisma.$executeRawUnsafe("DELETE FROM metric_series");
  await db.prisma.$executeRawUnsafe("DELETE FROM metric_day_sums");
  await db.close();
}

async function prepare(dbOptions, env) {
  await migrate(dbOptions);

  // Workspaces through the API (the real creation path), then the server stops
  // so the embedded database can be opened here.
  const server = await startServer(env);
  const cookie = await signIn(server.base);
  for (const brand of ["bench-one", "bench-year"])
    await createWorkspace(server.base, cookie, brand);
  await server.stop();

  const db = await openDatabase(dbOptions);
  const started = performance.now();
  let answers = 0;
  const fill = (slug, days) =>
    fillWorkspace({ db, slug, days, prompts: PROMPTS, engines: ENGINES, lastDay: LAST_DAY });
  answers += await fill("bench-one", [LAST_DAY]);
  answers += await fill(
    "bench-year",
    Array.from({ length: DAYS }, (_, i) => shift(LAST_DAY, i - DAYS + 1)),
  );
  console.log(
    `filled ${answers.toLocaleString("en")} answers in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.close();
}

async function measureTarget(kind, env, cleanup) {
  const rows = [];
  // Cached: the same request again (the day's computed metrics are kept until its data changes).
  // Uncached: a server that keeps nothing in its process (GEO_METRICS_CACHE_ENTRIES=0), as a
  // fresh process or another replica: the default view, read from the stored day snapshots
  // (metric_snapshots) after the first read stored them, and 35 filter sets, each read once:
  // the metrics route's reads compute and store them (first reads), the scoreboard's read them.
  const onlyTimeSeries = args.only === "timeseries";
  // The server's own time of each time series request (pino-http's responseTime: from its
  // arrival to the last byte handed to the socket), apart from the client's decoding.
  let serverTimes = [];
  const onLine = (line) => {
    if (!line.includes("/metrics/timeseries") || !line.includes('"responseTime"')) return;
    serverTimes.push(JSON.parse(line).responseTime);
  };
  for (const mode of onlyTimeSeries ? ["uncached"] : ["cached", "uncached"]) {
    const server = await startServer(
      { ...env, ...(mode === "uncached" ? { GEO_METRICS_CACHE_ENTRIES: "0" } : {}) },
      mode === "uncached" ? { logLevel: "info", onLine } : {},
    );
    const cookie = await signIn(server.base);
    for (const route of onlyTimeSeries ? [] : ["metrics", "scoreboard"]) {
      const figures = {};
      for (const slug of ["bench-one", "bench-year"]) {
        const path = `/api/v1/workspaces/${slug}/${route}`;
        figures[slug] =
          mode === "cached"
            ? await measureCached(server.base, cookie, path)
            : await measureUncached(server.base, cookie, path);
      }
      for (const [variant, label] of mode === "cached"
        ? [["all", "cached"]]
        : [
            ["unfiltered", "uncached"],
            ["filtered", route === "metrics" ? "filtered, first read" : "filtered, stored"],
          ]) {
        const one = figures["bench-one"][variant];
        const year = figures["bench-year"][variant];
        rows.push({
          db: kind,
          route,
          mode: label,
          "1-day p50": one.p50,
          "1-day p95": one.p95,
          [`${DAYS}-day p50`]: year.p50,
          [`${DAYS}-day p95`]: year.p95,
          ratio: Number((year.p95 / one.p95).toFixed(2)),
        });
      }
    }
    if (mode === "uncached") {
      // A year of daily points per entity and engine: the first read sums the rollups, stores
      // each day's sums (metric_day_sums) and the body gzipped (metric_series); the next ones
      // send the stored body: gzipped as fetch accepts by default (its time includes undici
      // inflating it, slower than a browser does), and inflated by the server for a client
      // that asks for identity. Warmed with 20 reads: a running server has compiled the path.
      const first = {};
      const figures = { gzip: {}, identity: {} };
      const serverSide = { gzip: {}, identity: {} };
      for (const slug of ["bench-one", "bench-year"]) {
        const path = `/api/v1/workspaces/${slug}/metrics/timeseries?from=${shift(LAST_DAY, -364)}&to=${LAST_DAY}`;
        first[slug] = Number((await timed(server.base, cookie, path)).toFixed(1));
        for (const encoding of ["gzip", "identity"]) {
          const headers = { "accept-encoding": encoding };
          for (let i = 0; i < 20; i++) await timed(server.base, cookie, path, headers);
          const samples = [];
          serverTimes = [];
          for (let i = 0; i < 60; i++)
            samples.push(await timed(server.base, cookie, path, headers));
          figures[encoding][slug] = stats(samples);
          serverSide[encoding][slug] = stats(serverTimes);
        }
      }
      rows.push({
        db: kind,
        route: "timeseries (365 days)",
        mode: "first read",
        "1-day p50": first["bench-one"],
        [`${DAYS}-day p50`]: first["bench-year"],
      });
      for (const [encoding, side] of ["gzip", "identity"].flatMap((e) => [
        [e, "client"],
        [e, "server"],
      ])) {
        const one = (side === "client" ? figures : serverSide)[encoding]["bench-one"];
        const year = (side === "client" ? figures : serverSide)[encoding]["bench-year"];
        rows.push({
          db: kind,
          route: "timeseries (365 days)",
          mode: `uncached, ${encoding}, ${side}`,
          "1-day p50": one.p50,
          "1-day p95": one.p95,
          [`${DAYS}-day p50`]: year.p50,
          [`${DAYS}-day p95`]: year.p95,
          ratio: Number((year.p95 / one.p95).toFixed(2)),
        });
      }
    }
    await server.stop();
  }
  await cleanup();
  console.table(rows);
  return rows;
}

async function measureCached(base, cookie, path) {
  for (let i = 0; i < 5; i++) await timed(base, cookie, path);
  const samples = [];
  for (let i = 0; i < REQUESTS; i++) samples.push(await timed(base, cookie, path));
  return { all: stats(samples) };
}

async function measureUncached(base, cookie, path, requests = REQUESTS) {
  for (let i = 0; i < 3; i++) await timed(base, cookie, path);
  const unfiltered = [];
  for (let i = 0; i < requests; i++) unfiltered.push(await timed(base, cookie, path));
  if (path.includes("?")) return { unfiltered: stats(unfiltered) };
  const filtered = [];
  for (const engine of ENGINES) {
    for (const category of CATEGORIES) {
      filtered.push(await timed(base, cookie, `${path}?engine=${engine}&category=${category}`));
    }
    filtered.push(await timed(base, cookie, `${path}?engine=${engine}`));
    filtered.push(await timed(base, cookie, `${path}?engine=${engine}&includeBrandResearch=true`));
  }
  return { unfiltered: stats(unfiltered), filtered: stats(filtered) };
}

try {
  await main();
} finally {
  stopAllServers();
}
