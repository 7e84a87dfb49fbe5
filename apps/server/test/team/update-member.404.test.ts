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
  slug = await t.createWorkspace(owner, { brand: "roles-404" });
});

const setRole = (cookie: string, memberId: string, role: string, workspace = slug) =>
  t.request<any>("PATCH", `/api/v1/workspaces/${workspace}/members/${memberId}`, {
    cookie,
    body: { role },
  });

describe("PATCH /api/v1/workspaces/{workspace}/members/{memberId}: 404 not_found", () => {
  it("for an unknown member and for another workspace's member", async () => {
    expectError(await setRole(owner, "mem_01JD0000000000000000000000", "admin"), 404, "not_found");
    const other = await t.createWorkspace(owner, { brand: "roles-404-other" });
    const there = await join(t, owner, other, "there@example.com");
    expectError(await setRole(owner, there.memberId, "admin"), 404, "not_found");
    expect(await roleOf(t, there.memberId)).toBe("member");
  });
});
