import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { join, memberIdOf, roleOf } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "roles" });
});
afterAll(() => t.close());

const setRole = (cookie: string, memberId: string, role: string) =>
  t.request<any>("PATCH", `/api/v1/workspaces/${slug}/members/${memberId}`, {
    cookie,
    body: { role },
  });

describe("PATCH /api/v1/workspaces/{workspace}/members/{memberId}", () => {
  it("lets an owner promote a member to admin, and audits it", async () => {
    const { memberId } = await join(t, owner, slug, "promoted@example.com");
    const response = await setRole(owner, memberId, "admin");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      memberId,
      workspace: slug,
      email: "promoted@example.com",
      displayName: "promoted",
      role: "admin",
      invitedAt: expect.any(String),
      joinedAt: expect.any(String),
    });
    expect(await roleOf(t, memberId)).toBe("admin");
    const audit = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "member.update", targetId: memberId },
    });
    expect(audit).toEqual([
      expect.objectContaining({
        actorType: "user",
        targetType: "member",
        metadata: expect.objectContaining({ from: "member", to: "admin" }),
      }),
    ]);
  });

  it("lets an admin change roles below owner, including their own", async () => {
    const admin = await join(t, owner, slug, "admin@example.com", "admin");
    const other = await join(t, owner, slug, "other@example.com", "member");
    expect((await setRole(admin.cookie, other.memberId, "admin")).status).toBe(200);
    expect((await setRole(admin.cookie, other.memberId, "member")).status).toBe(200);
    expect((await setRole(admin.cookie, admin.memberId, "member")).status).toBe(200);
    expect(await roleOf(t, admin.memberId)).toBe("member");
  });

  it("lets an owner grant owner, and an owner step down while another remains", async () => {
    const { memberId, cookie } = await join(t, owner, slug, "heir@example.com");
    expect((await setRole(owner, memberId, "owner")).status).toBe(200);
    expect(await roleOf(t, memberId)).toBe("owner");
    const ownerId = await memberIdOf(t, owner, slug, "owner@example.com");
    expect((await setRole(owner, ownerId, "admin")).status).toBe(200);
    expect(await roleOf(t, ownerId)).toBe("admin");
    const workspace = await t.request<any>("GET", `/api/v1/workspaces/${slug}`, { cookie });
    expect(workspace.body.role).toBe("owner");
  });
});
