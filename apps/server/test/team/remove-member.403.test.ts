import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { expectError, join, memberIdOf, roleOf } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "removal-403" });
});

const remove = (cookie: string, memberId: string) =>
  t.request("DELETE", `/api/v1/workspaces/${slug}/members/${memberId}`, { cookie });

describe("DELETE /api/v1/workspaces/{workspace}/members/{memberId}: 403 insufficient_role", () => {
  it("for a member removing someone else", async () => {
    const member = await join(t, owner, slug, "member@example.com");
    const other = await join(t, owner, slug, "other@example.com");
    expectError(await remove(member.cookie, other.memberId), 403, "insufficient_role");
    expect(await roleOf(t, other.memberId)).toBe("member");
  });

  it("for an admin removing an owner", async () => {
    const admin = await join(t, owner, slug, "admin@example.com", "admin");
    const ownerId = await memberIdOf(t, owner, slug, "owner@example.com");
    expectError(await remove(admin.cookie, ownerId), 403, "insufficient_role");
    expect(await roleOf(t, ownerId)).toBe("owner");
  });
});
