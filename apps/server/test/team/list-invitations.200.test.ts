import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { accept, invite, join } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "open-invites" });
});
afterAll(() => t.close());

const list = (cookie: string, workspace = slug) =>
  t.request<any>("GET", `/api/v1/workspaces/${workspace}/invitations`, { cookie });

describe("GET /api/v1/workspaces/{workspace}/invitations", () => {
  it("lists open invitations newest first, without accepted, revoked or expired ones", async () => {
    const expiring = await invite(t, owner, slug, "expiring@example.com");
    t.clock.advance(24 * 60 * 60_000);
    const accepted = await invite(t, owner, slug, "accepted@example.com");
    const revoked = await invite(t, owner, slug, "revoked@example.com");
    t.clock.advance(1000);
    const older = await invite(t, owner, slug, "older@example.com", "admin");
    t.clock.advance(1000);
    const newer = await invite(t, owner, slug, "newer@example.com");

    const acceptor = await t.signIn("accepted@example.com");
    expect((await accept(t, acceptor, accepted.token)).status).toBe(200);
    const revoke = await t.request(
      "DELETE",
      `/api/v1/workspaces/${slug}/invitations/${revoked.invitationId}`,
      { cookie: owner },
    );
    expect(revoke.status).toBe(204);

    const before = await list(owner);
    expect(before.status).toBe(200);
    expect(before.body.data.map((i: any) => i.invitationId)).toEqual([
      newer.invitationId,
      older.invitationId,
      expiring.invitationId,
    ]);
    expect(before.body.data[1]).toEqual({
      invitationId: older.invitationId,
      workspace: slug,
      email: "older@example.com",
      role: "admin",
      invitedAt: expect.any(String),
      expiresAt: expect.any(String),
    });

    // The first invitation was made a day earlier: 6 days later only it has expired.
    t.clock.advance(6 * 24 * 60 * 60_000 - 2000);
    const after = await list(owner);
    expect(after.body.data.map((i: any) => i.email)).toEqual([
      "newer@example.com",
      "older@example.com",
    ]);
  });

  it("shows only this workspace's invitations, to any member", async () => {
    const other = await t.createWorkspace(owner, { brand: "open-invites-other" });
    await invite(t, owner, other, "elsewhere@example.com");
    const member = await join(t, owner, other, "viewer@example.com");
    const response = await list(member.cookie, other);
    expect(response.status).toBe(200);
    expect(response.body.data.map((i: any) => i.email)).toEqual(["elsewhere@example.com"]);
  });
});
