import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { expectError, join, roleOf } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "removal-404" });
});

const remove = (cookie: string, memberId: string) =>
  t.request("DELETE", `/api/v1/workspaces/${slug}/members/${memberId}`, { cookie });

describe("DELETE /api/v1/workspaces/{workspace}/members/{memberId}: 404 not_found", () => {
  it("for an unknown member id", async () => {
    expectError(await remove(owner, "mem_01JD0000000000000000000000"), 404, "not_found");
    expectError(await remove(owner, "not-a-member-id"), 404, "not_found");
  });

  it("for another workspace's member, which stays", async () => {
    const other = await t.createWorkspace(owner, { brand: "removal-404-other" });
    const there = await join(t, owner, other, "there@example.com");
    expectError(await remove(owner, there.memberId), 404, "not_found");
    expect(await roleOf(t, there.memberId)).toBe("member");
  });

  it("for a member removed already", async () => {
    const once = await join(t, owner, slug, "once@example.com");
    expect((await remove(owner, once.memberId)).status).toBe(204);
    expectError(await remove(owner, once.memberId), 404, "not_found");
  });
});
