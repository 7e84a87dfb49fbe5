import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { accept, expectError, invite, join } from "./team-fixtures.js";

/**
 * Removing a member ends the access they carried away: the API keys they created (by session
 * or by device login) are revoked in the removal's transaction, audited, and the next request
 * with one of them is 401 even though the key was just cached; a device login they approved
 * but the device has not collected yet is denied.
 */
let t: TestServer;
let owner: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "removal-keys" });
});

const readWorkspace = (bearer: string) =>
  t.request<any>("GET", `/api/v1/workspaces/${slug}`, { bearer });

async function deviceKey(cookie: string, collect: boolean) {
  const started = await t.request<any>("POST", "/api/v1/device-authorizations", {
    body: { clientName: "laptop", scopes: ["workspace:read"] },
  });
  expect(started.status, started.text).toBe(201);
  const approved = await t.request<any>(
    "POST",
    `/api/v1/device-authorizations/${started.body.userCode}/approve`,
    { cookie, body: { workspace: slug } },
  );
  expect(approved.status, approved.text).toBe(200);
  if (!collect) return { deviceCode: started.body.deviceCode as string, secret: "" };
  const token = await t.request<any>(
    "POST",
    `/api/v1/device-authorizations/${started.body.deviceCode}/token`,
  );
  expect(token.status, token.text).toBe(200);
  return { deviceCode: started.body.deviceCode as string, secret: token.body.apiKey as string };
}

describe("DELETE /api/v1/workspaces/{workspace}/members/{memberId}: the member's keys", () => {
  it("revokes the keys the member created, at once, with audit records", async () => {
    const gone = await join(t, owner, slug, "gone@example.com", "admin");
    const sessionKey = await t.mintKey(gone.cookie, slug, ["workspace:read"]);
    const device = await deviceKey(gone.cookie, true);
    const uncollected = await deviceKey(gone.cookie, false);
    // Someone else's key, and the member's key in a workspace of their own, stay alive.
    const ownersKey = await t.mintKey(owner, slug, ["workspace:read"]);
    const elsewhere = await t.createWorkspace(gone.cookie, { brand: "removal-keys-own" });
    const ownKeyElsewhere = await t.mintKey(gone.cookie, elsewhere, ["workspace:read"]);

    // Used once, so the auth cache holds each key row.
    for (const secret of [sessionKey.secret, device.secret]) {
      expect((await readWorkspace(secret)).status).toBe(200);
    }

    const removed = await t.request(
      "DELETE",
      `/api/v1/workspaces/${slug}/members/${gone.memberId}`,
      {
        cookie: owner,
      },
    );
    expect(removed.status, removed.text).toBe(204);

    for (const secret of [sessionKey.secret, device.secret]) {
      expectError(await readWorkspace(secret), 401, "invalid_key");
    }
    const collectedLate = await t.request<any>(
      "POST",
      `/api/v1/device-authorizations/${uncollected.deviceCode}/token`,
    );
    expectError(collectedLate, 400, "access_denied");
    expect((await readWorkspace(ownersKey.secret)).status).toBe(200);
    const ownRead = await t.request("GET", `/api/v1/workspaces/${elsewhere}`, {
      bearer: ownKeyElsewhere.secret,
    });
    expect(ownRead.status).toBe(200);

    const keys = await t.server.ctx.prisma.apiKey.findMany({
      where: { workspace: { slug } },
      orderBy: { createdAt: "asc" },
    });
    const states = Object.fromEntries(keys.map((key) => [key.id, key.state]));
    expect(states[sessionKey.keyId]).toBe("revoked");
    expect(keys.filter((key) => key.source === "device").map((key) => key.state)).toEqual([
      "revoked",
    ]);
    expect(states[ownersKey.keyId]).toBe("active");

    const { id: workspaceId } = await t.server.ctx.prisma.workspace.findUniqueOrThrow({
      where: { slug },
    });
    const audit = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "api_key.revoke", workspaceId },
    });
    expect(audit.map((event) => event.targetId).sort()).toEqual(
      keys
        .filter((key) => key.state === "revoked")
        .map((key) => key.id)
        .sort(),
    );
    for (const event of audit) {
      expect(event.metadata).toMatchObject({ reason: "member_removed", memberId: gone.memberId });
    }
  });

  it("revokes the keys of a member who leaves by themselves", async () => {
    const leaver = await join(t, owner, slug, "leaver@example.com");
    const key = await t.mintKey(leaver.cookie, slug, ["workspace:read"]);
    expect((await readWorkspace(key.secret)).status).toBe(200);
    const left = await t.request(
      "DELETE",
      `/api/v1/workspaces/${slug}/members/${leaver.memberId}`,
      {
        cookie: leaver.cookie,
      },
    );
    expect(left.status, left.text).toBe(204);
    expectError(await readWorkspace(key.secret), 401, "invalid_key");
  });

  it("revokes the open invitations the member sent; the owner's stay open", async () => {
    const inviter = await join(t, owner, slug, "inviter@example.com", "admin");
    const sent = await invite(t, inviter.cookie, slug, "friend@example.com");
    const ownersInvite = await invite(t, owner, slug, "colleague@example.com");
    const removed = await t.request(
      "DELETE",
      `/api/v1/workspaces/${slug}/members/${inviter.memberId}`,
      { cookie: owner },
    );
    expect(removed.status, removed.text).toBe(204);

    const friend = await t.signIn("friend@example.com");
    expectError(await accept(t, friend, sent.token), 404, "invitation_not_found");
    const colleague = await t.signIn("colleague@example.com");
    expect((await accept(t, colleague, ownersInvite.token)).status).toBe(200);
    const audit = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "invitation.revoke", targetId: sent.invitationId },
    });
    expect(audit.map((event) => event.metadata)).toEqual([
      { reason: "member_removed", memberId: inviter.memberId },
    ]);
  });
});
