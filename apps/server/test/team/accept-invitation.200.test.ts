import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { accept, invite } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "accepting" });
});
afterAll(() => t.close());

describe("POST /api/v1/invitations/{token}/accept", () => {
  it("makes the invited person a member with the invited role", async () => {
    const { token, invitationId } = await invite(t, owner, slug, "Joiner@Example.com", "admin");
    const invitedAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const cookie = await t.signIn("joiner@example.com");
    const response = await accept(t, cookie, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      accepted: true,
      workspace: slug,
      member: {
        memberId: expect.stringMatching(/^mem_[0-9A-Z]{26}$/),
        workspace: slug,
        email: "joiner@example.com",
        displayName: "joiner",
        role: expect.stringMatching(/^(admin|member)$/),
        invitedAt,
        joinedAt: t.clock.now().toISOString(),
      },
    });

    const prisma = t.server.ctx.prisma;
    const member = await prisma.member.findUniqueOrThrow({
      where: { id: response.body.member.memberId },
    });
    expect(member.role).toBe("admin");
    const invitation = await prisma.invitation.findUniqueOrThrow({ where: { id: invitationId } });
    expect(invitation.acceptedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const audit = await prisma.auditEvent.findMany({ where: { action: "member.join" } });
    expect(audit).toEqual([
      expect.objectContaining({
        actorType: "user",
        actorId: member.userId,
        targetType: "member",
        targetId: member.id,
        requestId: response.headers.get("x-request-id"),
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(token);

    const workspace = await t.request<any>("GET", `/api/v1/workspaces/${slug}`, { cookie });
    expect(workspace.status).toBe(200);
    expect(workspace.body.role).toBe("admin");
  });

  it("works until the last millisecond of the 7 days", async () => {
    const { token } = await invite(t, owner, slug, "late@example.com");
    t.clock.advance(7 * 24 * 60 * 60_000 - 1);
    const response = await accept(t, await t.signIn("late@example.com"), token);
    expect(response.status).toBe(200);
  });
});
