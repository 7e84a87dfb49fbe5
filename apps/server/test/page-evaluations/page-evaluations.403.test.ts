import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, expectError, fetchEnv } from "./page-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer({ env: fetchEnv([80]) });
  cookie = await t.signIn("pages-403@example.com");
  slug = await t.createWorkspace(cookie, { brand: "pages-403" });
});
afterAll(() => t.close());

describe("page evaluations: 403", () => {
  it("a key without runs:write cannot start (insufficient_scope runs:write)", async () => {
    const key = await t.mintKey(cookie, slug, ["reports:read", "runs:read"]);
    const response = await call(t, { bearer: key.secret }, "POST", slug, "/page-evaluations", {
      url: "https://example.com/",
    });
    expectError(response, 403, "insufficient_scope");
    expect(response.body.error.details.requiredScope).toBe("runs:write");
    expect(await t.server.ctx.prisma.pageEvaluation.count()).toBe(0);
  });

  it("a key without reports:read cannot list or read (insufficient_scope reports:read)", async () => {
    const key = await t.mintKey(cookie, slug, ["runs:write", "recs:read"]);
    for (const path of ["/page-evaluations", `/page-evaluations/pev_${"0".repeat(26)}`]) {
      const response = await call(t, { bearer: key.secret }, "GET", slug, path);
      expectError(response, 403, "insufficient_scope");
      expect(response.body.error.details.requiredScope).toBe("reports:read");
    }
  });
});
