// Read latency of GET .../answers (a metric's drill-down) over HTTP, for a workspace with
// `--days` of daily standard runs whose answers are stored (300 prompts × 5 engines a day,
// with their citations, mentions and facts, as the recorder writes them: metrics-fixture.mjs
// with storeAnswers), on the embedded database and, with DATABASE_URL, on PostgreSQL. Each
// drill-down is measured for its latest day and for the whole period: every answer, the
// answers naming the brand (visibility's numerator, and share of voice's n), the answers with a
// citation, the answers citing the most-cited domain, and the next page of the period's.
//
// Build first: `pnpm exec turbo run build`.
// Usage: node bench/answers-read.mjs [--days 28] [--prompts 300] [--requests 30]
//        [--targets pglite,postgres] [--keep]
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/answers-read.mjs
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { applyMigrations, openDatabase } from "@geopulse/db";
import pg from "pg";
import { createWorkspace, signIn, startServer, stopAllServers } from "./bench-server.mjs";
import { stats, timed } from "./http-timing.mjs";
import { fillWorkspace } from "./metrics-fixture.mjs";

const { values: args } = parseArgs({
  options: {
    days: { type: "string", default: "28" },
    prompts: { type: "string", default: "300" },
    requests: { type: "string", default: "30" },
    targets: { type: "string", default: "pglite,postgres" },
    // Keep the PostgreSQL database (geo_bench_answers) for EXPLAIN afterwards.
    keep: { type: "boolean", default: false },
  },
});
const DAYS = Number(args.days);
const PROMPTS = Number(args.prompts);
const REQUESTS = Number(args.requests);
const ENGINES = ["openai", "perplexity", "gemini", "anthropic", "exa"];
const LAST_DAY = "2026-11-21";
const SLUG = "bench-answers";
const shift = (day, n) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);
const FIRST_DAY = shift(LAST_DAY, 1 - DAYS);

async function main() {
  const wanted = args.targets.split(",");
  const rows = [];
  if (wanted.includes("pglite")) rows.push(...(await benchTarget("pglite")));
  if (wanted.includes("postgres") && process.env.DATABASE_URL)
    rows.push(...(await benchTarget("postgres")));
  console.log(`\nSummary (ms; ${REQUESTS} requests each, limit 50)`);
  console.table(rows);
}

async function benchTarget(kind) {
  let dbOptions;
  let env;
  let cleanup = async () => {};
  if (kind === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "geo-bench-answers-"));
    dbOptions = { dataDir: dir };
    env = { GEO_DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = "/geo_bench_answers";
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query("DROP DATABASE IF EXISTS geo_bench_answers WITH (FORCE)");
    await admin.query("CREATE DATABASE geo_bench_answers");
    await admin.end();
    dbOptions = { databaseUrl: url.toString() };
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      if (args.keep) return;
      const drop = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await drop.connect();
      await drop.query("DROP DATABASE IF EXISTS geo_bench_answers WITH (FORCE)");
      await drop.end();
    };
  }
  console.log(`\n== ${kind} ==`);
  const migrated = await openDatabase(dbOptions);
  await applyMigrations(migrated.adapterFactory);
  await migrated.close();
  const first = await startServer(env);
  await createWorkspace(first.base, await signIn(first.base), SLUG);
  await first.stop();

  const db = await openDatabase(dbOptions);
  const started = performance.now();
  const days = Array.from({ length: DAYS }, (_, i) => shift(FIRST_DAY, i));
  const answers = await fillWorkspace({
    db,
    slug: SLUG,
    days,
    prompts: PROMPTS,
    engines: ENGINES,
    lastDay: LAST_DAY,
    storeAnswers: true,
  });
  console.log(
    `filled ${answers.toLocaleString("en")} stored answers in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.close();

  const server = await startServer(env);
  const cookie = await signIn(server.base);
  const base = `/api/v1/workspaces/${SLUG}/answers?limit=50`;
  const metrics = await get(server.base, cookie, `/api/v1/workspaces/${SLUG}/metrics`);
  const domain = metrics.topCitedDomains[0]?.domain ?? "wikipedia.org";
  const rows = [];
  for (const [period, range] of [
    ["latest day", ""],
    [`${DAYS} days`, `&from=${FIRST_DAY}&to=${LAST_DAY}`],
  ]) {
    const periodPage = await get(server.base, cookie, `${base}${range}`);
    const cursor = periodPage.nextCursor ? `&cursor=${periodPage.nextCursor}` : "";
    for (const [drill, query] of [
      ["every answer", ""],
      ["naming the brand", "&match=mentioned&entity=self"],
      ["naming a tracked entity", "&match=mentioned"],
      ["with a citation", "&match=cited"],
      [`citing ${domain}`, `&domain=${domain}`],
      ["second page", cursor],
    ]) {
      const path = `${base}${range}${query}`;
      const { total } = await get(server.base, cookie, path);
      const samples = [];
      for (let i = 0; i < REQUESTS; i++) samples.push(await timed(server.base, cookie, path));
      rows.push({ db: kind, period, drill, total, ...stats(samples) });
    }
  }
  await server.stop();
  await cleanup();
  console.table(rows);
  return rows;
}

async function get(base, cookie, url) {
  const response = await fetch(`${base}${url}`, { headers: { cookie } });
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

try {
  await main();
} finally {
  stopAllServers();
}
