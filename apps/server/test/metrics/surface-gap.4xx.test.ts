import { describe, expect, it } from "vitest";
import { expectHiddenFromStrangers, expectScopeNeeded } from "../harness/read-refusals.js";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

/**
 * GET .../metrics/surface-gap refuses what it cannot answer: a range backwards or longer than
 * 366 days and a limit out of bounds (400 naming the field), a key without metrics:read (403),
 * and another account's workspace (404, as a missing one). Its answers are in
 * test/reports/surface-gap.200.test.ts.
 */
let t: TestServer;
let owner: string;
let stranger: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("surface-gap-owner@example.com");
  stranger = await t.signIn("surface-gap-stranger@example.com");
  await t.createWorkspace(owner, { brand: "gap-private" });
  await t.createWorkspace(stranger, { brand: "gap-other" });
});

const path = (slug: string, query = "") => `/api/v1/workspaces/${slug}/metrics/surface-gap${query}`;
const read = { path: (slug: string) => path(slug), scope: "metrics:read" } as const;

describe("GET /metrics/surface-gap refusals", () => {
  it.each([
    ["?from=2026-05-10&to=2026-05-01", "query.to"],
    ["?from=2025-01-01&to=2026-05-01", "query.to"],
    ["?limit=0", "query.limit"],
    ["?limit=101", "query.limit"],
    ["?from=2026-02-30", "query.from"],
  ])("%s is 400 naming %s", async (query, field) => {
    const response = await t.request<any>("GET", path("gap-private", query), { cookie: owner });
    expect(response.status, response.text).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
    expect(response.body.error.details.fields.map((f: any) => f.field)).toContain(field);
  });

  it("answers a workspace without pairs with none, over the default 28 days", async () => {
    const response = await t.request<any>("GET", path("gap-private"), { cookie: owner });
    expect(response.status, response.text).toBe(200);
    expect(response.body.pairs).toEqual([]);
    const { from, to } = response.body.period;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(27);
  });

  it("needs metrics:read", async () => {
    await expectScopeNeeded(t, read, {
      cookie: owner,
      slug: "gap-private",
      otherScope: "runs:read",
    });
  });

  it("is 404 for another account's workspace, by session or by its own key", async () => {
    await expectHiddenFromStrangers(t, read, {
      slug: "gap-private",
      stranger: { cookie: stranger, slug: "gap-other" },
    });
  });
});
