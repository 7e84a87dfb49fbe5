import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, expectError, fetchEnv, start } from "./page-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer({ env: fetchEnv([80], { GEO_PAGE_EVALUATIONS_PER_MINUTE: "2" }) });
  cookie = await t.signIn("pages-409@example.com");
  slug = await t.createWorkspace(cookie, { brand: "pages-409" });
});
afterAll(() => t.close());

describe("startPageEvaluation: idempotency", () => {
  it("the same key and body returns the first evaluation, without counting against the limit", async () => {
    const body = { url: "http://example.com:1/a", idempotencyKey: "pages-key-1" };
    const first = await start(t, { cookie }, slug, body);
    for (let i = 0; i < 3; i++) {
      const again = await start(t, { cookie }, slug, body);
      expect(again.id).toBe(first.id);
    }
    expect(await t.server.ctx.prisma.pageEvaluation.count()).toBe(1);
    // The limit is 2 a minute: the replays did not use it.
    await start(t, { cookie }, slug, { url: "http://example.com:1/b" });
  });

  it("the same key with another body is 409 idempotency_key_reused", async () => {
    const response = await call(t, { cookie }, "POST", slug, "/page-evaluations", {
      url: "http://example.com:1/other",
      idempotencyKey: "pages-key-1",
    });
    expectError(response, 409, "idempotency_key_reused");
  });
});
