import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { expectError, invite, join } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "revoke-403" });
});

const revoke = (cookie: string, invitationId: string, workspace = slug) =>
  t.request("DELETE", `/api/v1/workspaces/${workspace}/invitations/${invitationId}`, { cookie });

describe("DELETE /api/v1/workspaces/{workspace}/invitations/{invitationId}: 403 insufficient_role", () => {
  it("answers 403 insufficient_role to a member, and the invitation stays open", async () => {
    const member = await join(t, owner, slug, "member@example.com");
    const { invitationId } = await invite(t, owner, slug, "kept@example.com");
    expectError(await revoke(member.cookie, invitationId), 403, "insufficient_role");
    const row = await t.server.ctx.prisma.invitation.findUniqueOrThrow({
      where: { id: invitationId },
    });
    expect(row.revokedAt).toBeNull();
  });
});
