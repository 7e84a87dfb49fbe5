import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, GA4_PROPERTY, GSC_PROPERTY } from "../connections/connection-fixture.js";
import { FakeGoogle } from "../fakes/google/fake-google.js";
import { quotaExceeded } from "../fakes/google/google-wire.js";
import { eventually } from "../harness/eventually.js";
import { hostedSecretsEnv, startTestServer, type TestServer } from "../harness/test-server.js";
import { WorkerProcesses } from "../harness/worker-processes.js";
import { PAGE_ROWS, searchRows, trafficRows } from "./seo-fixture.js";

/**
 * A real worker process (`dist/worker.js`) is killed with SIGKILL while it waits out a 429 in
 * the middle of a refresh; pg-boss retries the job on a new worker process (the heartbeat
 * stops), which resumes at the persisted progress: every row once, one settlement, the cost
 * the ledger charged. PostgreSQL only (the embedded database lives inside one process);
 * seo-refresh.202.test.ts covers the same resumption in-process on both databases.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let google: FakeGoogle;
let workers: WorkerProcesses;
let t: TestServer;
let queries = 0;

beforeAll(async () => {
  if (!onPostgres) return;
  google = await new FakeGoogle().start();
  const sa = account();
  google.oauth.addServiceAccount({ clientEmail: sa.clientEmail, publicKeyPem: sa.publicKeyPem });
  workers = new WorkerProcesses({});
  t = await startTestServer({
    env: {
      ...hostedSecretsEnv,
      ...google.env,
      GEO_WORKERS: "false",
      GEO_SEO_PAGE_ROWS: String(PAGE_ROWS),
    },
  });
  google.searchConsole.addSite(GSC_PROPERTY, [sa.clientEmail], searchRows(t));
  google.analytics.addProperty(GA4_PROPERTY, [sa.clientEmail], trafficRows(t));
  // The second page of Search Console answers 429 asking for 100 s: the worker sleeps.
  const query = google.searchConsole.query.bind(google.searchConsole);
  google.searchConsole.query = (site, email, body) =>
    ++queries === 2 ? quotaExceeded(100, "searchconsole.googleapis.com") : query(site, email, body);
});
afterAll(async () => {
  if (!onPostgres) return;
  workers.close();
  await t.close();
  await google.close();
});

const startWorker = () =>
  workers.start(t.server.ctx.db.url as string, {
    ...google.env,
    GEO_SEO_PAGE_ROWS: String(PAGE_ROWS),
    GEO_QUEUE_SUPERVISE_SECONDS: "1",
  });

describe.skipIf(!onPostgres)("a worker process killed mid-refresh", () => {
  it("a new worker finishes the refresh: no row twice, one settlement", async () => {
    const cookie = await t.signIn("seo-killer@example.com");
    const slug = await t.createWorkspace(cookie, { brand: "seo-killed" });
    const stored = await t.request<any>("POST", `/api/v1/workspaces/${slug}/credentials`, {
      cookie,
      body: {
        connector: "google",
        key: "service-account",
        value: account().keyFile,
        kind: "google_service_account",
      },
    });
    expect(stored.status).toBe(201);
    const configured = await t.request("POST", `/api/v1/workspaces/${slug}/connections/configure`, {
      cookie,
      body: {
        search_console: { credentialId: stored.body.id },
        analytics: { credentialId: stored.body.id },
      },
    });
    expect(configured.status).toBe(200);
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/seo/refresh`, {
      cookie,
      body: {},
    });
    expect(started.status, started.text).toBe(202);
    const id: string = started.body.refreshId;
    const prisma = t.server.ctx.prisma;

    const doomed = startWorker();
    await eventually(async () => (queries >= 2 ? true : undefined), 60_000);
    await workers.kill(doomed);
    const left = await prisma.seoRefresh.findUniqueOrThrow({ where: { id } });
    expect(left).toMatchObject({ status: "running", gscPages: 1, gscRows: 3, finishedAt: null });

    startWorker();
    const done = await eventually(async () => {
      const row = await prisma.seoRefresh.findUniqueOrThrow({ where: { id } });
      return row.finishedAt ? row : undefined;
    }, 150_000);
    expect(done).toMatchObject({
      status: "succeeded",
      gscPages: 3,
      gscRows: 7,
      ga4Pages: 3,
      ga4Rows: 8,
      costMicrousd: 3_000n,
    });
    const workspaceId = done.workspaceId;
    expect(await prisma.seoSearchRow.count({ where: { workspaceId } })).toBe(7);
    expect(await prisma.seoTrafficRow.count({ where: { workspaceId } })).toBe(8);
    const entries = await prisma.creditLedgerEntry.findMany({
      where: { reservationId: done.reservationId },
    });
    expect(entries.filter((e) => e.kind === "settlement")).toHaveLength(1);
    const charged = -entries
      .filter((e) => e.kind === "settlement" || e.kind === "lease")
      .reduce((sum, e) => sum + e.postedDeltaMicrousd, 0n);
    expect(charged).toBe(3_000n);
  }, 200_000);
});
