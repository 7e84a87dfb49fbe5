import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { expectError, join, memberIdOf, roleOf } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let ownerId: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "roles-403" });
  ownerId = await memberIdOf(t, owner, slug, "owner@example.com");
});

const setRole = (cookie: string, memberId: string, role: string, workspace = slug) =>
  t.request<any>("PATCH", `/api/v1/workspaces/${workspace}/members/${memberId}`, {
    cookie,
    body: { role },
  });

describe("PATCH /api/v1/workspaces/{workspace}/members/{memberId}: 403 insufficient_role", () => {
  it("for a member changing anyone's role, their own included", async () => {
    const member = await join(t, owner, slug, "member@example.com");
    const other = await join(t, owner, slug, "other@example.com");
    expectError(await setRole(member.cookie, other.memberId, "admin"), 403, "insufficient_role");
    expectError(await setRole(member.cookie, member.memberId, "admin"), 403, "insufficient_role");
    expect(await roleOf(t, member.memberId)).toBe("member");
  });

  it("for an admin granting or taking the owner role", async () => {
    const admin = await join(t, owner, slug, "admin@example.com", "admin");
    const other = await join(t, owner, slug, "hopeful@example.com");
    expectError(await setRole(admin.cookie, other.memberId, "owner"), 403, "insufficient_role");
    expectError(await setRole(admin.cookie, admin.memberId, "owner"), 403, "insufficient_role");
    expectError(await setRole(admin.cookie, ownerId, "member"), 403, "insufficient_role");
    expect(await roleOf(t, other.memberId)).toBe("member");
    expect(await roleOf(t, ownerId)).toBe("owner");
  });
});
