import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/ids.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { accept, expectError, invite } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "accept-409" });
});
afterAll(() => t.close());

describe("POST /api/v1/invitations/{token}/accept: 409", () => {
  it("answers already_member to someone who joined after being invited", async () => {
    const { token, invitationId } = await invite(t, owner, slug, "meanwhile@example.com");
    const cookie = await t.signIn("meanwhile@example.com");
    // Joined in the meantime (e.g. through another path): the row exists already.
    const prisma = t.server.ctx.prisma;
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "meanwhile@example.com" } });
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const now = t.clock.now();
    await prisma.member.create({
      data: {
        id: newId("mem", t.clock),
        workspaceId: workspace.id,
        userId: user.id,
        role: "member",
        invitedAt: now,
        joinedAt: now,
      },
    });

    expectError(await accept(t, cookie, token), 409, "already_member");
    const invitation = await prisma.invitation.findUniqueOrThrow({ where: { id: invitationId } });
    expect(invitation.acceptedAt).toBeNull();
    expect(await prisma.member.count({ where: { userId: user.id } })).toBe(1);
    expect(await prisma.auditEvent.count({ where: { action: "member.join" } })).toBe(0);
  });
});
