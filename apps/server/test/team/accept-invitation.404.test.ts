import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { accept, expectError, invite } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "accept-404" });
});
afterAll(() => t.close());

describe("POST /api/v1/invitations/{token}/accept: 404 invitation_not_found", () => {
  it("for a token nobody issued", async () => {
    const cookie = await t.signIn("guess@example.com");
    expectError(await accept(t, cookie, "A".repeat(43)), 404, "invitation_not_found");
  });

  it("for a token already used: the link works once", async () => {
    const { token } = await invite(t, owner, slug, "once@example.com");
    const cookie = await t.signIn("once@example.com");
    expect((await accept(t, cookie, token)).status).toBe(200);
    expectError(await accept(t, cookie, token), 404, "invitation_not_found");
  });

  it("for a revoked invitation", async () => {
    const { token, invitationId } = await invite(t, owner, slug, "revoked@example.com");
    await t.request("DELETE", `/api/v1/workspaces/${slug}/invitations/${invitationId}`, {
      cookie: owner,
    });
    const cookie = await t.signIn("revoked@example.com");
    expectError(await accept(t, cookie, token), 404, "invitation_not_found");
  });

  it("after 7 days", async () => {
    const { token } = await invite(t, owner, slug, "expired@example.com");
    t.clock.advance(7 * 24 * 60 * 60_000 + 1);
    const cookie = await t.signIn("expired@example.com");
    expectError(await accept(t, cookie, token), 404, "invitation_not_found");
    const members = await t.server.ctx.prisma.member.count({
      where: { user: { email: "expired@example.com" } },
    });
    expect(members).toBe(0);
  });
});
