import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { accept, expectError, invite, join } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "revoke" });
});

const revoke = (cookie: string, invitationId: string) =>
  t.request("DELETE", `/api/v1/workspaces/${slug}/invitations/${invitationId}`, { cookie });

describe("DELETE /api/v1/workspaces/{workspace}/invitations/{invitationId}", () => {
  it("revokes the invitation: its token no longer works, and the change is audited", async () => {
    const { token, invitationId } = await invite(t, owner, slug, "revoked@example.com");
    const response = await revoke(owner, invitationId);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");

    const row = await t.server.ctx.prisma.invitation.findUniqueOrThrow({
      where: { id: invitationId },
    });
    expect(row.revokedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const invited = await t.signIn("revoked@example.com");
    expectError(await accept(t, invited, token), 404, "invitation_not_found");
    const audit = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "invitation.revoke", targetId: invitationId },
    });
    expect(audit).toHaveLength(1);
  });

  it("lets an admin revoke", async () => {
    const admin = await join(t, owner, slug, "admin@example.com", "admin");
    const { invitationId } = await invite(t, owner, slug, "by-admin@example.com");
    expect((await revoke(admin.cookie, invitationId)).status).toBe(204);
  });
});
