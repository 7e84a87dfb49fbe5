import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { accept, expectError, invite } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "revoke-404" });
});
afterAll(() => t.close());

const revoke = (cookie: string, invitationId: string, workspace = slug) =>
  t.request("DELETE", `/api/v1/workspaces/${workspace}/invitations/${invitationId}`, { cookie });

describe("DELETE /api/v1/workspaces/{workspace}/invitations/{invitationId}: 404 not_found", () => {
  it("answers 404 not_found for an unknown id and another workspace's invitation", async () => {
    expectError(await revoke(owner, "inv_01JD0000000000000000000000"), 404, "not_found");
    const other = await t.createWorkspace(owner, { brand: "revoke-404-other" });
    const { invitationId } = await invite(t, owner, other, "there@example.com");
    expectError(await revoke(owner, invitationId), 404, "not_found");
    expect((await revoke(owner, invitationId, other)).status).toBe(204);
  });

  it("answers 404 not_found for an invitation that is no longer open", async () => {
    const revoked = await invite(t, owner, slug, "twice@example.com");
    expect((await revoke(owner, revoked.invitationId)).status).toBe(204);
    expectError(await revoke(owner, revoked.invitationId), 404, "not_found");

    const used = await invite(t, owner, slug, "used@example.com");
    expect((await accept(t, await t.signIn("used@example.com"), used.token)).status).toBe(200);
    expectError(await revoke(owner, used.invitationId), 404, "not_found");

    const expired = await invite(t, owner, slug, "expired@example.com");
    t.clock.advance(7 * 24 * 60 * 60_000 + 1);
    expectError(await revoke(owner, expired.invitationId), 404, "not_found");
  });
});
