import { type EmbeddedDatabase, isBackgroundWork } from "@geopulse/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

/**
 * A request's statements reach the embedded database as a request's (they go ahead of
 * background work's, test/system/embedded-turns.test.ts); work outside a request is background
 * work.
 */
describe.skipIf(process.env.DATABASE_URL)("statement priority of requests", () => {
  let t: TestServer;
  let cookie: string;
  let slug: string;
  /** The statements sent about prompts, each with whether it was background work's. */
  const sent: Array<{ sql: string; background: boolean }> = [];

  beforeAll(async () => {
    t = await startTestServer();
    cookie = await t.signIn("priority@example.com");
    slug = await t.createWorkspace(cookie);
    // Observes the calls the Prisma adapter makes (and passes them on unchanged).
    const db = t.server.ctx.db.pglite as EmbeddedDatabase;
    const note = (sql: string) => {
      if (/\bprompts\b/.test(sql)) sent.push({ sql, background: isBackgroundWork() });
    };
    const query = db.query.bind(db);
    const transaction = db.transaction.bind(db);
    db.query = (sql, params, options) => {
      note(sql);
      return query(sql, params, options);
    };
    db.transaction = (callback) =>
      transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        tx.query = (sql, params, options) => {
          note(sql);
          return txQuery(sql, params, options);
        };
        return callback(tx);
      });
  });
  afterAll(() => t?.close());

  it("a request with a JSON body sends its statements as a request's", async () => {
    sent.length = 0;
    const created = await t.request<{ promptId: string }>(
      "POST",
      `/api/v1/workspaces/${slug}/prompts`,
      {
        cookie,
        body: { text: "which analytics tool is best", category: "discovery", language: "en" },
      },
    );
    expect(created.status).toBe(201);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((s) => s.background)).toEqual([]);
  });

  it("a read sends its statements as a request's", async () => {
    sent.length = 0;
    const listed = await t.request("GET", `/api/v1/workspaces/${slug}/prompts`, { cookie });
    expect(listed.status).toBe(200);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((s) => s.background)).toEqual([]);
  });

  it("work outside a request is background work", async () => {
    sent.length = 0;
    await t.server.ctx.prisma.prompt.count();
    expect(sent).toEqual([expect.objectContaining({ background: true })]);
  });
});
