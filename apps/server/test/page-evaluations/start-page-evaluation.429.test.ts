import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, expectError, fetchEnv, start } from "./page-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let other: string;
beforeAll(async () => {
  t = await startTestServer({ env: fetchEnv([80], { GEO_PAGE_EVALUATIONS_PER_MINUTE: "3" }) });
  // The start of a minute, so the window does not roll over during the test.
  const now = t.clock.now().getTime();
  t.clock.set(new Date(now - (now % 60_000) + 60_000));
  cookie = await t.signIn("pages-429@example.com");
  slug = await t.createWorkspace(cookie, { brand: "pages-429" });
  other = await t.createWorkspace(cookie, { brand: "pages-429-other" });
});
afterAll(() => t.close());

const body = (n: number) => ({ url: `http://example.com:1/${n}` });

describe("startPageEvaluation: 429", () => {
  it("limits starts per workspace per minute, with Retry-After, and reopens with the next minute", async () => {
    for (let n = 0; n < 3; n++) await start(t, { cookie }, slug, body(n));
    const refused = await call(t, { cookie }, "POST", slug, "/page-evaluations", body(3));
    expectError(refused, 429, "rate_limited");
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await t.server.ctx.prisma.pageEvaluation.count()).toBe(3);
    // Another workspace has its own limit.
    await start(t, { cookie }, other, body(4));
    t.clock.advance(60_000);
    await start(t, { cookie }, slug, body(5));
  });
});
