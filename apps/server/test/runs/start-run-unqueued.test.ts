import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts } from "./run-fixtures.js";

// The queue failing between the commit and the enqueue (a lost connection):
// the start path of every paid job (startMeteredJob) must leave no credit held.
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  cookie = await t.signIn("unqueued@example.com");
  slug = await t.createWorkspace(cookie, { brand: "unqueued" });
  await seedPrompts(t, slug, 5);
});
afterAll(() => t.close());

describe("a run that cannot be queued", () => {
  it("is marked failed and its credit hold is released", async () => {
    const queue = t.server.ctx.queue;
    const enqueue = queue.enqueue;
    queue.enqueue = async () => {
      throw new Error("connection to the queue lost");
    };
    const response = await t
      .request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
        cookie,
        body: { preset: "smoke", idempotencyKey: "lost-1" },
      })
      .finally(() => {
        queue.enqueue = enqueue;
      });
    expect(response.status).toBe(500);
    expect(response.body.error).toMatchObject({ code: "internal_error" });
    expect(response.text).not.toContain("connection to the queue lost");

    const runs = await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs`, { cookie });
    expect(runs.body.data).toHaveLength(1);
    expect(runs.body.data[0]).toMatchObject({ status: "failed" });
    const balance = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, {
      cookie,
    });
    expect(balance.body).toMatchObject({ postedMicrousd: 1_000_000, heldMicrousd: 0 });

    // A retry with the same key returns the recorded (failed) run rather than starting another.
    const retry = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "smoke", idempotencyKey: "lost-1" },
    });
    expect(retry.status).toBe(202);
    expect(retry.body).toMatchObject({ runId: runs.body.data[0].runId, status: "failed" });
  });
});
