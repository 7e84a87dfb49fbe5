import { describe, expect, it } from "vitest";
import { expectHiddenFromStrangers, expectScopeNeeded } from "../harness/read-refusals.js";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

/**
 * GET .../answers refuses what it cannot answer: a range backwards or longer than 366 days,
 * a limit or cursor it never gave, an entity without `match` or that the workspace does not
 * track (400 naming the field), a key without runs:read (403), and another account's
 * workspace (404, as a missing one). Its answers are in test/metrics/drill-down.200.test.ts.
 */
let t: TestServer;
let owner: string;
let stranger: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("answers-owner@example.com");
  stranger = await t.signIn("answers-stranger@example.com");
  await t.createWorkspace(owner, { brand: "answers-private" });
  await t.createWorkspace(stranger, { brand: "answers-other" });
});

const path = (slug: string, query = "") => `/api/v1/workspaces/${slug}/answers${query}`;
const read = { path: (slug: string) => path(slug), scope: "runs:read" } as const;

describe("GET /answers refusals", () => {
  it.each([
    ["?from=2026-05-10&to=2026-05-01", "query.to"],
    ["?from=2025-01-01&to=2026-05-01", "query.to"],
    ["?limit=0", "query.limit"],
    ["?limit=101", "query.limit"],
    ["?from=2026-02-30", "query.from"],
    ["?cursor=bm90LWEtY3Vyc29y", "query.cursor"],
    ["?entity=self", "query.match"],
    ["?entity=cmp_nobody&match=mentioned", "query.entity"],
    ["?match=favoured", "query.match"],
    ["?domain=", "query.domain"],
    ["?pairedWith=netscape", "query.pairedWith"],
  ])("%s is 400 naming %s", async (query, field) => {
    const response = await t.request<any>("GET", path("answers-private", query), {
      cookie: owner,
    });
    expect(response.status, response.text).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
    expect(response.body.error.details.fields.map((f: any) => f.field)).toContain(field);
  });

  it("answers a workspace without runs with none, on today", async () => {
    const response = await t.request<any>("GET", path("answers-private"), { cookie: owner });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      total: 0,
      entityMentions: 0,
      data: [],
      nextCursor: null,
      excluded: { brandResearchAnswers: 0, brandResearchPrompts: 0 },
    });
    expect(response.body.from).toBe(response.body.to);
  });

  it("needs runs:read", async () => {
    await expectScopeNeeded(t, read, {
      cookie: owner,
      slug: "answers-private",
      otherScope: "metrics:read",
    });
  });

  it("is 404 for another account's workspace, by session or by its own key", async () => {
    await expectHiddenFromStrangers(t, read, {
      slug: "answers-private",
      stranger: { cookie: stranger, slug: "answers-other" },
    });
  });
});
