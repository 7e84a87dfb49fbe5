import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "../team/team-fixtures.js";
import { connectWithOAuth, type OAuthFixture, startOAuthFixture } from "./oauth-fixture.js";

/**
 * A Google grant is one person's authorization: when that person leaves the workspace, the
 * grant is detached (deleted here, revoked at Google) and the connections that used it read
 * `needs_reconnect` until someone connects again.
 */
let f: OAuthFixture;
beforeAll(async () => {
  f = await startOAuthFixture("removal-grant");
});
afterAll(() => f.close());

const connections = (cookie: string) =>
  f.t.request<any>("GET", `/api/v1/workspaces/${f.slug}/connections`, { cookie });

describe("DELETE /api/v1/workspaces/{workspace}/members/{memberId}: the member's Google grant", () => {
  it("detaches it: connections need reconnecting, the token is revoked at Google", async () => {
    const granter = await join(f.t, f.cookie, f.slug, "granter@example.com", "admin");
    await connectWithOAuth(f.t, f.slug, granter.cookie);
    const before = await connections(f.cookie);
    expect(before.body.data.map((c: any) => [c.provider, c.credential?.kind])).toEqual([
      ["search_console", "oauth"],
      ["analytics", "oauth"],
    ]);
    const credentialId = before.body.data[0].credential.id;
    const [refreshToken] = [...f.google.oauth.refreshTokens.keys()];

    const removed = await f.t.request(
      "DELETE",
      `/api/v1/workspaces/${f.slug}/members/${granter.memberId}`,
      { cookie: f.cookie },
    );
    expect(removed.status, removed.text).toBe(204);

    const after = await connections(f.cookie);
    expect(after.status).toBe(200);
    expect(after.body.data.map((c: any) => [c.provider, c.status, c.credential])).toEqual([
      ["search_console", "needs_reconnect", null],
      ["analytics", "needs_reconnect", null],
    ]);
    expect(
      await f.t.server.ctx.prisma.storedCredential.findUnique({ where: { id: credentialId } }),
    ).toBeNull();
    expect(f.google.oauth.revocations).toEqual([refreshToken]);
    const { id: workspaceId } = await f.t.server.ctx.prisma.workspace.findUniqueOrThrow({
      where: { slug: f.slug },
    });
    const audit = await f.t.server.ctx.prisma.auditEvent.findMany({
      where: { workspaceId, action: { in: ["credential.revoke", "connection.detach"] } },
    });
    expect(audit.map((e) => `${e.action} ${e.targetId}`).sort()).toEqual([
      "connection.detach analytics",
      "connection.detach search_console",
      `credential.revoke ${credentialId}`,
    ]);
    for (const event of audit) expect(event.metadata).toMatchObject({ reason: "member_removed" });

    // Connecting again (by someone still here) ends the state.
    await connectWithOAuth(f.t, f.slug, f.cookie);
    const reconnected = await connections(f.cookie);
    expect(reconnected.body.data.map((c: any) => c.status)).toEqual(["configured", "configured"]);
  });

  it("keeps a grant someone else gave", async () => {
    const other = await join(f.t, f.cookie, f.slug, "bystander@example.com");
    const removed = await f.t.request(
      "DELETE",
      `/api/v1/workspaces/${f.slug}/members/${other.memberId}`,
      { cookie: f.cookie },
    );
    expect(removed.status).toBe(204);
    const after = await connections(f.cookie);
    expect(after.body.data.map((c: any) => [c.status, c.credential?.kind])).toEqual([
      ["configured", "oauth"],
      ["configured", "oauth"],
    ]);
  });
});
