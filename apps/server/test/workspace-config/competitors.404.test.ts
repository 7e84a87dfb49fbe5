import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, expectError } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let foreignId: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("mine@example.com");
  slug = await t.createWorkspace(cookie, { brand: "competitors-mine" });
  const other = await t.signIn("theirs@example.com");
  const otherSlug = await t.createWorkspace(other, { brand: "competitors-theirs" });
  foreignId = (await call(t, { cookie: other }, "GET", otherSlug, "/competitors")).body.data[0]
    .competitorId;
});

describe("competitors: 404 not_found", () => {
  it.each([
    ["GET", undefined],
    ["PATCH", { ambiguous: true }],
    ["DELETE", undefined],
  ])("%s another workspace's competitor", async (method, body) => {
    const response = await call(t, { cookie }, method, slug, `/competitors/${foreignId}`, body);
    expectError(response, 404, "not_found");
    expect(response.body.error.message).toBe("Competitor not found.");
  });

  it("an unknown id", async () => {
    const response = await call(
      t,
      { cookie },
      "GET",
      slug,
      "/competitors/cmp_00000000000000000000000000",
    );
    expectError(response, 404, "not_found");
  });

  it("the other workspace's competitor is untouched", async () => {
    const row = await t.server.ctx.prisma.competitor.findUnique({ where: { id: foreignId } });
    expect(row?.ambiguous).toBe(false);
  });
});
