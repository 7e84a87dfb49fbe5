import { request as httpRequest } from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../src/prng.js";
import { dropOldSeries, MAX_STORED_SERIES } from "../../src/services/metrics/stored-series.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { competitor } from "../workspace-config/config-fixtures.js";
import { seedPrompt } from "./metrics-fixtures.js";
import { writeSimulatedDay } from "./simulated-rollups.js";

// The time series route's body is computed once, stored gzipped with the
// fingerprint of its inputs (metric_series, services/metrics/load-timeseries-gzip.ts)
// and sent as stored: gzipped to a client that accepts gzip, inflated to one
// that does not. The server here sends what production sends (responses not
// re-validated: the other time series tests check them against the contract)
// and keeps nothing in its process (GEO_METRICS_CACHE_ENTRIES=0).
const DAY0 = "2026-06-01";
const DAY1 = "2026-06-08";
const RANGE = `from=2026-05-01&to=${DAY1}`;

let t: TestServer;
let cookie: string;

beforeAll(async () => {
  t = await startTestServer({
    env: { GEO_METRICS_CACHE_ENTRIES: "0", GEO_VALIDATE_RESPONSES: "false" },
  });
  t.clock.set(`${DAY1}T12:00:00.000Z`);
  cookie = await t.signIn("stored-series@example.com");
}, 60_000);
afterAll(() => t.close());

async function writeDay(workspaceId: string, day: string, rate: number) {
  const prisma = t.server.ctx.prisma;
  const prompts = await prisma.prompt.findMany({ where: { workspaceId }, orderBy: { id: "asc" } });
  await writeSimulatedDay(
    t,
    workspaceId,
    {
      day,
      prompts,
      engines: () => ["openai", "perplexity"],
      repetitions: 2,
      rate: () => rate,
      entityIds: ["self"],
    },
    Rng.fromString(`stored-series/${workspaceId}/${day}`),
  );
}

/** A workspace (the brand and two competitors) with 8 prompts answered on DAY0 and DAY1. */
async function workspaceWithTwoDays(brand: string) {
  const slug = await t.createWorkspace(cookie, {
    brand,
    competitors: [competitor("Globex"), competitor("Initech")],
  });
  for (let i = 0; i < 8; i++) await seedPrompt(t, slug, "discovery", `Best tool ${i}?`);
  const prisma = t.server.ctx.prisma;
  const workspaceId = (await prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
  await writeDay(workspaceId, DAY0, 0.3);
  await writeDay(workspaceId, DAY1, 0.6);
  return { slug, workspaceId };
}

const storedSeries = (workspaceId: string) =>
  t.server.ctx.prisma.$queryRawUnsafe<
    Array<{ query: string; inputs: string; body_gzip: string; updated_at: Date }>
  >(
    "SELECT query, inputs, body_gzip, updated_at FROM metric_series WHERE workspace_id = $1 ORDER BY query",
    workspaceId,
  );

/** The raw response (node:http: no decoding on the way), with the encodings the client accepts. */
function rawGet(path: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(
        `${t.url}${path}`,
        { headers: { cookie, "accept-encoding": acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              bytes: Buffer.concat(chunks),
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

async function series(slug: string, query = RANGE) {
  const res = await rawGet(`/api/v1/workspaces/${slug}/metrics/timeseries?${query}`, "identity");
  expect(res.status, res.bytes.toString()).toBe(200);
  return JSON.parse(res.bytes.toString("utf8"));
}
const brandPoints = (body: any) =>
  body.series.find((s: any) => s.entityId === "self" && s.engine === "all").points;

describe("stored time series", () => {
  it("sent gzipped to a client that accepts gzip and inflated to one that does not: the same JSON", async () => {
    const { slug } = await workspaceWithTwoDays("series-encoding");
    const path = `/api/v1/workspaces/${slug}/metrics/timeseries?${RANGE}`;
    const zipped = await rawGet(path, "gzip, deflate, br");
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zipped.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.bytes.length);
    const plain = await rawGet(path, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(plain.headers["content-length"])).toBe(plain.bytes.length);
    expect(gunzipSync(zipped.bytes).equals(plain.bytes)).toBe(true);
    // gzip refused outright (q=0), or no Accept-Encoding at all: not gzipped.
    expect((await rawGet(path, "gzip;q=0, identity")).headers["content-encoding"]).toBeUndefined();
    const body = JSON.parse(plain.bytes.toString("utf8"));
    expect(body.from).toBe("2026-05-01");
    expect(brandPoints(body).map((p: any) => p.date)).toEqual([DAY0, DAY1]);
    // The 400 of a range too long comes before any stored row is looked up.
    const tooLong = await t.request(
      "GET",
      `/api/v1/workspaces/${slug}/metrics/timeseries?from=2025-01-01&to=${DAY1}`,
      { cookie },
    );
    expect(tooLong.status).toBe(400);
  }, 60_000);

  it("a read stores the body; later reads send the stored bytes until a day in range changes", async () => {
    const { slug, workspaceId } = await workspaceWithTwoDays("series-stored");
    const first = await series(slug);
    const [row] = await storedSeries(workspaceId);
    expect(row?.query).toBe(`2026-05-01:${DAY1}:*:*|*|*|*|-`);

    // The stored row altered in place: a read that serves it shows what it holds.
    const altered = JSON.parse(gunzipSync(Buffer.from(row?.body_gzip ?? "", "base64")).toString());
    brandPoints(altered)[1].visibility = 0.123;
    const prisma = t.server.ctx.prisma;
    await prisma.$executeRawUnsafe(
      "UPDATE metric_series SET body_gzip = $2 WHERE workspace_id = $1",
      workspaceId,
      gzipSync(JSON.stringify(altered)).toString("base64"),
    );
    expect(brandPoints(await series(slug))[1].visibility).toBe(0.123);

    // A new day in range is new inputs: computed again, with the day, and stored over the row.
    await writeDay(workspaceId, "2026-06-05", 0.45);
    const again = await eventually(async () => {
      const body = await series(slug);
      return brandPoints(body).length === 3 ? body : undefined;
    });
    expect(brandPoints(again)[0]).toEqual(brandPoints(first)[0]);
    expect(brandPoints(again)[2]).toEqual(brandPoints(first)[1]);
    const rewritten = await storedSeries(workspaceId);
    expect(rewritten).toHaveLength(1);
    expect(rewritten[0]?.inputs).not.toBe(row?.inputs);
  }, 60_000);

  it("a day before the range within the changes' window, or a renamed competitor, is new inputs", async () => {
    const { slug, workspaceId } = await workspaceWithTwoDays("series-window");
    const query = `from=${DAY1}&to=${DAY1}`;
    await series(slug, query);
    const [before] = await storedSeries(workspaceId);
    // DAY0 is 7 days before the range: it is in the window DAY1's detected changes read.
    await t.server.ctx.prisma.$executeRawUnsafe(
      "UPDATE metric_days SET revision = revision + 1 WHERE workspace_id = $1 AND day = $2::date",
      workspaceId,
      DAY0,
    );
    await series(slug, query);
    const [afterDay] = await storedSeries(workspaceId);
    expect(afterDay?.inputs).not.toBe(before?.inputs);

    await t.server.ctx.prisma.competitor.updateMany({
      where: { workspaceId, name: "Globex" },
      data: { name: "Globex Corporation" },
    });
    const renamed = await eventually(async () => {
      const body = await series(slug, query);
      return body.series.some((s: any) => s.entity === "Globex Corporation") ? body : undefined;
    });
    expect(renamed.series.some((s: any) => s.entity === "Globex")).toBe(false);
  }, 60_000);

  it(`keeps the ${MAX_STORED_SERIES} most recently written per workspace, none for a range without data, and drops rows 2 days old`, async () => {
    const { slug, workspaceId } = await workspaceWithTwoDays("series-bounds");
    await series(slug, "from=2025-01-01&to=2025-01-31");
    expect(await storedSeries(workspaceId)).toEqual([]);
    for (let i = 0; i <= MAX_STORED_SERIES; i++) {
      await series(slug, `from=2026-05-${String(i + 1).padStart(2, "0")}&to=${DAY1}`);
      t.clock.advance(1_000);
    }
    const rows = await storedSeries(workspaceId);
    expect(rows).toHaveLength(MAX_STORED_SERIES);
    // The first range asked for was the least recently written.
    expect(rows.map((r) => r.query)).not.toContain(`2026-05-01:${DAY1}:*:*|*|*|*|-`);
    expect(await dropOldSeries(t.server.ctx, workspaceId)).toBe(0);
    t.clock.advance(2 * 86_400_000 + 60_000);
    try {
      expect(await dropOldSeries(t.server.ctx, workspaceId)).toBe(MAX_STORED_SERIES);
    } finally {
      t.clock.set(`${DAY1}T12:00:00.000Z`);
    }
  }, 120_000);
});
