import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { expectError, join, memberIdOf, roleOf } from "./team-fixtures.js";

let t: TestServer;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
});

const remove = (slug: string, cookie: string, memberId: string) =>
  t.request("DELETE", `/api/v1/workspaces/${slug}/members/${memberId}`, { cookie });

describe("DELETE /api/v1/workspaces/{workspace}/members/{memberId}: 409 last_owner", () => {
  it("for the only owner leaving, even with other members", async () => {
    const owner = await t.signIn("owner@example.com");
    const slug = await t.createWorkspace(owner, { brand: "last-owner" });
    await join(t, owner, slug, "admin@example.com", "admin");
    const ownerId = await memberIdOf(t, owner, slug, "owner@example.com");
    expectError(await remove(slug, owner, ownerId), 409, "last_owner");
    expect(await roleOf(t, ownerId)).toBe("owner");
  });

  it("for the second of two owners leaving at the same time", async () => {
    const first = await t.signIn("first@example.com");
    const slug = await t.createWorkspace(first, { brand: "last-owner-race" });
    const firstId = await memberIdOf(t, first, slug, "first@example.com");
    const second = await join(t, first, slug, "second@example.com", "owner");
    const responses = await Promise.all([
      remove(slug, first, firstId),
      remove(slug, second.cookie, second.memberId),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([204, 409]);
    const owners = await t.server.ctx.prisma.member.count({
      where: { workspace: { slug }, role: "owner" },
    });
    expect(owners).toBe(1);
  });
});
