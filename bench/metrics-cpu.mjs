// Server CPU time per request of the uncached metrics reads, robust to a
// loaded machine: the built server runs with GEO_METRICS_CACHE_ENTRIES=0 (every
// request reads the rollups and runs the bootstrap) and its CPU time (user +
// system, every thread, from /proc/<pid>/stat) is read before and after N
// sequential requests of one route; the embedded database runs inside the
// server process, so its work is counted (on PostgreSQL only the server's
// side is). Wall latency on a shared machine moves by tens of percent with
// other work; CPU time per request moves far less.
//
// Several builds can be compared (`--servers`: checkouts' apps/server
// directories, each built): every round starts each build in turn (the order
// reversed every other round, ABBA) so drift in the machine weighs on all.
//
// Needs a database filled by metrics-read.mjs with --pglite-dir (kept), e.g.
//   node bench/metrics-read.mjs --days 30 --prompts 300 --requests 20 --targets pglite --pglite-dir /tmp/geo-bench
//   node bench/metrics-cpu.mjs --pglite-dir /tmp/geo-bench [--rounds 3] [--requests 40]
//        [--routes metrics,scoreboard,timeseries] [--slug bench-year]
//        [--servers apps/server,/tmp/old/apps/server]
// Linux only (/proc).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { signIn, startServer, stopAllServers } from "./bench-server.mjs";

const { values: args } = parseArgs({
  options: {
    "pglite-dir": { type: "string" },
    rounds: { type: "string", default: "3" },
    requests: { type: "string", default: "40" },
    routes: { type: "string", default: "metrics,scoreboard,timeseries" },
    slug: { type: "string", default: "bench-year" },
    servers: { type: "string", default: "apps/server" },
    // The last day of the fixture (metrics-read.mjs): the time series reads the year to it.
    "last-day": { type: "string", default: "2026-11-21" },
  },
});
if (!args["pglite-dir"])
  throw new Error("--pglite-dir DIR (filled by metrics-read.mjs) is required");
const ROUNDS = Number(args.rounds);
const REQUESTS = Number(args.requests);
const servers = args.servers.split(",").map((dir) => resolve(dir));
const lastDay = args["last-day"];
const yearAgo = new Date(Date.parse(`${lastDay}T00:00:00Z`) - 364 * 86_400_000)
  .toISOString()
  .slice(0, 10);
const paths = {
  metrics: `/api/v1/workspaces/${args.slug}/metrics`,
  scoreboard: `/api/v1/workspaces/${args.slug}/scoreboard`,
  timeseries: `/api/v1/workspaces/${args.slug}/metrics/timeseries?from=${yearAgo}&to=${lastDay}`,
};
const routes = args.routes.split(",");
for (const route of routes) if (!paths[route]) throw new Error(`unknown route ${route}`);

// Clock ticks per second of /proc's utime and stime (USER_HZ; 100 on Linux).
const TICKS = 100;

/** The process's CPU time (user + system, every thread) in ms. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

async function get(base, cookie, path) {
  const response = await fetch(`${base}${path}`, { headers: { cookie } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
}

const results = new Map(); // `${server}\u0000${route}` -> ms per request, one per round

async function measure(serverDir) {
  const server = await startServer(
    { GEO_DATA_DIR: args["pglite-dir"], GEO_METRICS_CACHE_ENTRIES: "0" },
    { serverDir },
  );
  try {
    const cookie = await signIn(server.base);
    for (const route of routes) {
      const path = paths[route];
      for (let i = 0; i < 5; i++) await get(server.base, cookie, path); // warm-up (JIT)
      const before = cpuMs(server.pid);
      const t0 = performance.now();
      for (let i = 0; i < REQUESTS; i++) await get(server.base, cookie, path);
      const wall = (performance.now() - t0) / REQUESTS;
      const cpu = (cpuMs(server.pid) - before) / REQUESTS;
      const key = `${serverDir}\u0000${route}`;
      results.set(key, [...(results.get(key) ?? []), { cpu, wall }]);
      console.log(
        `${serverDir} ${route}: ${cpu.toFixed(1)} ms CPU, ${wall.toFixed(1)} ms wall a request`,
      );
    }
  } finally {
    await server.stop();
  }
}

try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const dir of order) await measure(dir);
  }
  const rows = [];
  for (const route of routes) {
    for (const dir of servers) {
      const runs = results.get(`${dir}\u0000${route}`) ?? [];
      const cpu = runs.map((r) => r.cpu).sort((a, b) => a - b);
      rows.push({
        server: dir,
        route,
        "CPU ms/request (median)": Number(cpu[Math.floor(cpu.length / 2)]?.toFixed(1)),
        "min-max": `${cpu[0]?.toFixed(1)}-${cpu.at(-1)?.toFixed(1)}`,
        "wall ms (mean of runs)": Number(
          (runs.reduce((s, r) => s + r.wall, 0) / runs.length).toFixed(1),
        ),
      });
    }
  }
  console.log(
    `\nUncached (GEO_METRICS_CACHE_ENTRIES=0), ${args.slug}, ${ROUNDS} rounds × ${REQUESTS} requests per route and build`,
  );
  console.table(rows);
} finally {
  stopAllServers();
}
