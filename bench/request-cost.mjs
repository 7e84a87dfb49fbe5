// Request cost: requests/s of authenticated reads against the bare health
// route, from one run of the built server (apps/server/dist), with 16
// connections (autocannon). Target: authenticated reads >= 0.5 of /health on
// PostgreSQL. Each route's seconds are split into --rounds slices (default 5)
// taken in turn with /health's, so load from elsewhere on the machine during
// the run weighs on both sides of a ratio.
//
//   pnpm exec turbo run build && node bench/request-cost.mjs [--seconds 10 --connections 16]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/request-cost.mjs
//
// Embedded PGlite always; with DATABASE_URL also PostgreSQL (a scratch database,
// created, migrated and dropped). --targets pglite|postgres picks one;
// --profile DIR runs the server under --cpu-prof and leaves the profile there;
// --routes metrics,balance measures only the routes whose names contain one of these;
// --log-level (default info: every request's log line is written, to /dev/null).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { applyMigrations, openDatabase } from "@geopulse/db";
import autocannon from "autocannon";
import pg from "pg";
import { createWorkspace, signIn, startServer, stopAllServers } from "./bench-server.mjs";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "16" },
    // Slices per route, measured in turn with /health's (seconds are split between them).
    rounds: { type: "string", default: "5" },
    targets: { type: "string", default: "pglite,postgres" },
    profile: { type: "string" },
    // Comma-separated substrings of route names to measure (the /health baseline always runs).
    routes: { type: "string" },
    // The server logs every request at info (as in production), to /dev/null.
    "log-level": { type: "string", default: "info" },
  },
});
const seconds = Number(args.seconds);
const warmupSeconds = Number(args.warmup);
const connections = Number(args.connections);
const rounds = Math.max(1, Number(args.rounds));

try {
  const wanted = args.targets.split(",");
  const results = [];
  if (wanted.includes("pglite")) results.push(await benchPglite());
  if (wanted.includes("postgres")) {
    if (process.env.DATABASE_URL) results.push(await benchPostgres(process.env.DATABASE_URL));
    else console.log("postgres: skipped (set DATABASE_URL)");
  }
  console.log(
    `\nSummary: requests/s with ${connections} connections over ${seconds} s per route (${rounds} slices in turn with /health's), ratio to /health of the same run`,
  );
  console.table(results.flat());
} finally {
  stopAllServers();
}

async function benchPglite() {
  const dir = mkdtempSync(join(tmpdir(), "geo-bench-cost-"));
  try {
    return await measure("pglite", { GEO_DATA_DIR: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(adminUrl) {
  const name = `geo_bench_cost_${randomBytes(4).toString("hex")}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const db = await openDatabase({ databaseUrl: url.toString() });
    await applyMigrations(db.adapterFactory);
    await db.close();
    return await measure("postgres", { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function measure(target, env) {
  console.log(`\n== ${target} ==`);
  const profileDir = args.profile ? resolve(args.profile, target) : undefined;
  const server = await startServer(env, {
    nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
    logLevel: args["log-level"],
  });
  try {
    const { base } = server;
    const cookie = await signIn(base);
    const slug = await createWorkspace(base, cookie, "bench-cost");
    const key = await mintKey(base, cookie, slug);
    const ws = `/api/v1/workspaces/${slug}`;
    const bearer = { authorization: `Bearer ${key}` };
    const cases = [
      { name: "GET /health", path: "/api/v1/health", headers: {} },
      { name: "key GET /workspaces/{ws}", path: ws, headers: bearer },
      { name: "session GET /workspaces/{ws}", path: ws, headers: { cookie } },
      { name: "key GET .../credits/balance", path: `${ws}/credits/balance`, headers: bearer },
      { name: "key GET .../metrics (empty)", path: `${ws}/metrics`, headers: bearer },
      {
        name: "malformed key -> 401",
        path: ws,
        headers: { authorization: "Bearer not-a-key" },
        status: 401,
      },
    ];
    const only = args.routes?.split(",");
    const measured = cases.filter(
      (item) => item === cases[0] || !only || only.some((part) => item.name.includes(part)),
    );
    for (const item of measured) {
      const check = await fetch(`${base}${item.path}`, { headers: item.headers });
      if (check.status !== (item.status ?? 200))
        throw new Error(`${item.name}: ${check.status} ${await check.text()}`);
      if (warmupSeconds > 0) await load(base, item, warmupSeconds);
    }
    // Every route is measured in `rounds` slices taken in turn with /health's, so a change of the
    // machine's load during the run weighs on /health and the routes alike.
    const totals = new Map(measured.map((item) => [item, { requests: 0, wrong: 0, p99: 0 }]));
    const slice = seconds / rounds;
    for (let round = 0; round < rounds; round++) {
      for (const item of measured) {
        const result = await load(base, item, slice);
        const expected = String(item.status ?? 200);
        const total = totals.get(item);
        total.requests += result.requests.total;
        total.wrong +=
          result.requests.total -
          (result.statusCodeStats?.[expected]?.count ?? 0) +
          (result.errors ?? 0);
        total.p99 = Math.max(total.p99, result.latency.p99);
      }
    }
    const health = totals.get(cases[0]).requests;
    const rows = measured.map((item) => {
      const total = totals.get(item);
      const row = {
        target,
        route: item.name,
        "req/s": Math.round(total.requests / seconds),
        "worst p99 ms": total.p99,
        "ratio to /health": Number((total.requests / health).toFixed(2)),
        ...(total.wrong > 0 ? { unexpected: total.wrong } : {}),
      };
      console.log(row);
      return row;
    });
    return rows;
  } finally {
    await server.stop();
  }
}

function load(base, item, duration) {
  return autocannon({
    url: `${base}${item.path}`,
    headers: item.headers,
    connections,
    duration,
  });
}

/** An acknowledged key with the read scope, as a customer would hold one. */
async function mintKey(base, cookie, slug) {
  const post = (path, body) =>
    fetch(`${base}/api/v1/workspaces/${slug}/api-keys${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
  const created = await post("", {
    name: "bench",
    scopes: ["workspace:read", "credits:read", "metrics:read"],
  });
  if (created.status !== 201) throw new Error(`key: ${created.status} ${await created.text()}`);
  const { keyId, secret, deliveryId } = await created.json();
  const acknowledged = await post(`/${keyId}`, { action: "acknowledge", deliveryId });
  if (acknowledged.status !== 200) throw new Error(`acknowledge: ${acknowledged.status}`);
  return secret;
}
