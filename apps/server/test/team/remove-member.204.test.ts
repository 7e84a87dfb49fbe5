import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { expectError, join, memberIdOf } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "removal" });
});
afterAll(() => t.close());

const remove = (cookie: string, memberId: string) =>
  t.request("DELETE", `/api/v1/workspaces/${slug}/members/${memberId}`, { cookie });

describe("DELETE /api/v1/workspaces/{workspace}/members/{memberId}", () => {
  it("removes a member, who then no longer reaches the workspace", async () => {
    const gone = await join(t, owner, slug, "gone@example.com");
    expect(
      (await t.request("GET", `/api/v1/workspaces/${slug}`, { cookie: gone.cookie })).status,
    ).toBe(200);
    const response = await remove(owner, gone.memberId);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");

    const after = await t.request("GET", `/api/v1/workspaces/${slug}`, { cookie: gone.cookie });
    expectError(after, 404, "workspace_not_found");
    const members = await t.request("GET", `/api/v1/workspaces/${slug}/members`, {
      cookie: gone.cookie,
    });
    expectError(members, 404, "workspace_not_found");
    const audit = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "member.remove", targetId: gone.memberId },
    });
    expect(audit).toEqual([
      expect.objectContaining({
        actorType: "user",
        targetType: "member",
        metadata: expect.objectContaining({ role: "member", self: false }),
      }),
    ]);
  });

  it("lets an admin remove a member, and anyone remove themselves", async () => {
    const admin = await join(t, owner, slug, "admin@example.com", "admin");
    const target = await join(t, owner, slug, "target@example.com");
    expect((await remove(admin.cookie, target.memberId)).status).toBe(204);
    const leaver = await join(t, owner, slug, "leaver@example.com");
    expect((await remove(leaver.cookie, leaver.memberId)).status).toBe(204);
    expect((await remove(admin.cookie, admin.memberId)).status).toBe(204);
    const list = await t.request<any>("GET", `/api/v1/workspaces/${slug}/members`, {
      cookie: owner,
    });
    expect(list.body.data.map((m: any) => m.email)).toEqual(["owner@example.com"]);
  });

  it("lets an owner remove another owner, or leave while another owner remains", async () => {
    const second = await join(t, owner, slug, "second@example.com", "owner");
    expect((await remove(owner, second.memberId)).status).toBe(204);
    const third = await join(t, owner, slug, "third@example.com", "owner");
    const ownerId = await memberIdOf(t, owner, slug, "owner@example.com");
    expect((await remove(owner, ownerId)).status).toBe(204);
    const list = await t.request<any>("GET", `/api/v1/workspaces/${slug}/members`, {
      cookie: third.cookie,
    });
    expect(list.body.data.map((m: any) => m.email)).toEqual(["third@example.com"]);
  });
});
