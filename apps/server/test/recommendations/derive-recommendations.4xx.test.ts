import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, expectError, fieldsOf } from "../workspace-config/config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("recs-derive-4xx@example.com");
  slug = await t.createWorkspace(cookie, { brand: "recs-derive-4xx" });
});
afterAll(() => t.close());

const count = () => t.server.ctx.prisma.recommendation.count();

describe("POST /recommendations/derive", () => {
  it("200 without measured answers: date null, nothing stored", async () => {
    const response = await call(t, { cookie }, "POST", slug, "/recommendations/derive");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      date: null,
      created: 0,
      updated: 0,
      reproposed: 0,
      unchanged: 0,
      markedStale: 0,
      recommendations: [],
    });
    const empty = await call(t, { cookie }, "POST", slug, "/recommendations/derive", {});
    expect(empty.status, empty.text).toBe(200);
  });

  it("400 on an unknown body field, naming it", async () => {
    const response = await call(t, { cookie }, "POST", slug, "/recommendations/derive", {
      kinds: ["create_content"],
    });
    expectError(response, 400, "invalid_request");
    expect(fieldsOf(response).join(" ")).toContain("kinds");
    expect(await count()).toBe(0);
  });

  it("403 for a key without recs:write (insufficient_scope)", async () => {
    const key = await t.mintKey(cookie, slug, ["recs:read"]);
    const response = await call(t, { bearer: key.secret }, "POST", slug, "/recommendations/derive");
    expectError(response, 403, "insufficient_scope");
    expect(response.body.error.details.requiredScope).toBe("recs:write");
    const allowed = await t.mintKey(cookie, slug, ["recs:write"]);
    const ok = await call(t, { bearer: allowed.secret }, "POST", slug, "/recommendations/derive");
    expect(ok.status, ok.text).toBe(200);
  });

  it("404 for an unknown workspace or one the caller is not a member of", async () => {
    expectError(
      await call(t, { cookie }, "POST", "no-such-workspace", "/recommendations/derive"),
      404,
      "workspace_not_found",
    );
    const stranger = await t.signIn("recs-derive-stranger@example.com");
    expectError(
      await call(t, { cookie: stranger }, "POST", slug, "/recommendations/derive"),
      404,
      "workspace_not_found",
    );
  });
});
