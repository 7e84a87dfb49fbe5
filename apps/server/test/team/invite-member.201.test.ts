import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashCapability } from "../../src/crypto/capability-token.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { accept, expectError, invite } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "invites" });
});
afterAll(() => t.close());

const sevenDays = 7 * 24 * 60 * 60_000;

describe("POST /api/v1/workspaces/{workspace}/invitations without an email provider", () => {
  it("creates the invitation and answers the token, since nothing was emailed", async () => {
    const response = await t.request<any>("POST", `/api/v1/workspaces/${slug}/invitations`, {
      cookie: owner,
      body: { email: "New.Person@Example.COM" },
    });
    expect(response.status).toBe(201);
    const now = t.clock.now();
    expect(response.body).toEqual({
      invitation: {
        invitationId: expect.stringMatching(/^inv_[0-9A-Z]{26}$/),
        workspace: slug,
        email: "new.person@example.com",
        role: "member",
        invitedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + sevenDays).toISOString(),
      },
      delivery: "not_sent",
      acceptToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it("stores only the token's hash and audits without it", async () => {
    const { token, invitationId } = await invite(t, owner, slug, "hashed@example.com", "admin");
    const prisma = t.server.ctx.prisma;
    const row = await prisma.invitation.findUniqueOrThrow({ where: { id: invitationId } });
    expect(row).toMatchObject({ email: "hashed@example.com", role: "admin" });
    expect(row.tokenHash).toBe(hashCapability(token));
    const all = await prisma.invitation.findMany();
    expect(all.every((r) => r.tokenHash !== token && /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(
      true,
    );
    const audit = await prisma.auditEvent.findFirstOrThrow({
      where: { action: "member.invite", targetId: invitationId },
    });
    expect(audit).toMatchObject({ actorType: "user", targetType: "invitation" });
    expect(audit.metadata).toMatchObject({ email: "hashed@example.com", role: "admin" });
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it("supersedes an open invitation to the same address", async () => {
    const first = await invite(t, owner, slug, "twice@example.com", "member");
    t.clock.advance(1000);
    const second = await invite(t, owner, slug, "Twice@example.com", "admin");
    const list = await t.request<any>("GET", `/api/v1/workspaces/${slug}/invitations`, {
      cookie: owner,
    });
    const open = list.body.data.filter((i: any) => i.email === "twice@example.com");
    expect(open).toEqual([expect.objectContaining({ invitationId: second.invitationId })]);
    const invited = await t.signIn("twice@example.com");
    expectError(await accept(t, invited, first.token), 404, "invitation_not_found");
    const accepted = await accept(t, invited, second.token);
    expect(accepted.status).toBe(200);
    const row = await t.server.ctx.prisma.member.findUniqueOrThrow({
      where: { id: accepted.body.member.memberId },
    });
    expect(row.role).toBe("admin");
  });
});
