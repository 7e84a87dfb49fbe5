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
  slug = await t.createWorkspace(owner, { brand: "roles-409" });
  ownerId = await memberIdOf(t, owner, slug, "owner@example.com");
});

const setRole = (cookie: string, memberId: string, role: string, workspace = slug) =>
  t.request<any>("PATCH", `/api/v1/workspaces/${workspace}/members/${memberId}`, {
    cookie,
    body: { role },
  });

describe("PATCH /api/v1/workspaces/{workspace}/members/{memberId}: 409 last_owner", () => {
  it("for demoting the only owner; keeping the owner role is fine", async () => {
    expectError(await setRole(owner, ownerId, "admin"), 409, "last_owner");
    expect(await roleOf(t, ownerId)).toBe("owner");
    expect((await setRole(owner, ownerId, "owner")).status).toBe(200);
  });

  it("for the second of two owners demoting each other at the same time", async () => {
    const solo = await t.signIn("solo@example.com");
    const shared = await t.createWorkspace(solo, { brand: "roles-409-race" });
    const soloId = await memberIdOf(t, solo, shared, "solo@example.com");
    const partner = await join(t, solo, shared, "partner@example.com", "owner");
    const [a, b] = await Promise.all([
      setRole(solo, partner.memberId, "admin", shared),
      setRole(partner.cookie, soloId, "admin", shared),
    ]);
    // One wins. The other is 409 last_owner when both got past authentication as
    // owners, or 403 insufficient_role when it authenticated after the first committed.
    const loser = a.status === 200 ? b : a;
    expect([a.status, b.status]).toContain(200);
    expect([403, 409]).toContain(loser.status);
    const owners = await t.server.ctx.prisma.member.count({
      where: { workspace: { slug: shared }, role: "owner" },
    });
    expect(owners).toBe(1);
  });
});
