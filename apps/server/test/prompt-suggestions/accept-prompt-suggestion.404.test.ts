import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { seedSuggestions } from "./suggestion-fixtures.js";

let t: TestServer;
let owner: string;
let other: string;
let slug: string;
let otherSlug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("owner-404@example.com");
  slug = await t.createWorkspace(owner, { brand: "acme" });
  other = await t.signIn("other-404@example.com");
  otherSlug = await t.createWorkspace(other, { brand: "other" });
});

describe("prompt suggestions of another workspace", () => {
  it("are not_found to accept, bulk accept or dismiss, and are not listed", async () => {
    const [id] = await seedSuggestions(t, slug, ["Owner's question?"]);
    const base = `/api/v1/workspaces/${otherSlug}/prompt-suggestions`;
    for (const [path, body] of [
      [`${base}/${id}/accept`, undefined],
      [`${base}/accept`, { ids: [id] }],
      [`${base}/${id}/dismiss`, undefined],
    ] as const) {
      const response = await t.request<any>("POST", path, { cookie: other, body });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
    const list = await t.request<any>("GET", base, { cookie: other });
    expect(list.body.data).toEqual([]);
    const own = await t.request<any>("GET", `/api/v1/workspaces/${slug}/prompt-suggestions`, {
      cookie: owner,
    });
    expect(own.body.data[0]).toMatchObject({ suggestionId: id, status: "pending" });
  });
});
