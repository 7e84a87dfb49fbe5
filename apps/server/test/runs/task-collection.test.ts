import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taskCollection } from "../../src/services/runs/task-collection.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts } from "./run-fixtures.js";

/**
 * A task's collection on its stored row, on the real database: a post is claimed once (a
 * compare-and-set on when it started), its id stored once, a refused post's claim released only
 * by the claim that made it, and nothing written once the answer is recorded.
 */
let t: TestServer;
let rowId: string;

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  const cookie = await t.signIn("collection@example.com");
  const slug = await t.createWorkspace(cookie, { brand: "collection" });
  await seedPrompts(t, slug, 1);
  const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
    cookie,
    body: { preset: "lite" },
  });
  expect(started.status, started.text).toBe(202);
  const row = await t.server.ctx.prisma.engineResponse.findFirstOrThrow({
    where: { runId: started.body.runId },
  });
  rowId = row.id;
});
afterAll(() => t.close());

describe("a task's stored collection", () => {
  it("claims, releases and stores a post as the row says", async () => {
    const collection = taskCollection(t.server.ctx, rowId);
    expect(collection.tag).toBe(rowId);
    expect(await collection.previous()).toEqual({ taskId: null, postedAt: null });
    const first = await collection.posting(null);
    expect(first).toEqual(t.clock.now());
    // Another ask that read the row before the claim may not post.
    expect(await collection.posting(null)).toBeNull();
    // Releasing with another claim's time changes nothing; with its own, the row is free again.
    await collection.released(new Date((first as Date).getTime() - 1));
    expect((await collection.previous()).postedAt).toEqual(first);
    await collection.released(first as Date);
    expect(await collection.previous()).toEqual({ taskId: null, postedAt: null });

    t.clock.advance(1000);
    const second = await collection.posting(null);
    await collection.posted("task-1");
    await collection.posted("task-2");
    expect(await collection.previous()).toEqual({ taskId: "task-1", postedAt: second });
    // A posted task is not released, and no one claims it again.
    await collection.released(second as Date);
    expect(await collection.previous()).toEqual({ taskId: "task-1", postedAt: second });
    expect(await collection.posting(second)).toBeNull();
  });
});
