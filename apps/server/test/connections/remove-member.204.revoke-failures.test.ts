import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { credentialAad } from "../../src/crypto/credential-identity.js";
import { serializeOAuthCredential } from "../../src/engines/google/google-oauth-credential.js";
import { join } from "../team/team-fixtures.js";
import { connectWithOAuth, type OAuthFixture, startOAuthFixture } from "./oauth-fixture.js";

/**
 * The grants a leaving member gave are revoked at Google after the removal commits, each on its
 * own: one that cannot be revoked (Google answers an error, or the sealed token does not open)
 * is logged and neither fails the committed removal nor keeps the others from being revoked.
 */
let f: OAuthFixture;
beforeAll(async () => {
  f = await startOAuthFixture("removal-revoke");
});
afterAll(() => f.close());

describe("DELETE /api/v1/workspaces/{workspace}/members/{memberId}: revoking the grants", () => {
  it("answers 204 when Google refuses one revoke and another grant does not open", async () => {
    const granter = await join(f.t, f.cookie, f.slug, "granter@example.com", "admin");
    await connectWithOAuth(f.t, f.slug, granter.cookie);
    const { prisma, secrets } = f.t.server.ctx;
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug: f.slug } });
    const first = await prisma.storedCredential.findFirstOrThrow({
      where: { workspaceId: workspace.id, kind: "google_oauth" },
    });
    // Google answers 400 invalid_token for the first grant's token (already revoked there).
    const [refused] = [...f.google.oauth.refreshTokens.keys()];
    const refusedGrant = f.google.oauth.refreshTokens.get(refused as string);
    if (refusedGrant) refusedGrant.revoked = true;
    // Two more grants by the same person: one whose ciphertext no longer opens, one that is fine.
    const grant = async (key: string, refreshToken: string, sealedAs = key) => {
      if (refusedGrant) f.google.oauth.addRefreshToken(refreshToken, { ...refusedGrant });
      const aad = credentialAad({ workspaceId: workspace.id, connector: "google", key: sealedAs });
      await prisma.storedCredential.create({
        data: {
          ...first,
          id: `cred_${key.replace(/-/g, "_")}`,
          key,
          ciphertext: secrets.secretBox.seal(
            serializeOAuthCredential({ refreshToken, scope: "" }),
            aad,
          ),
        },
      });
    };
    await grant("oauth-broken", "1//broken-refresh-token", "elsewhere");
    await grant("oauth-good", "1//good-refresh-token");

    const removed = await f.t.request(
      "DELETE",
      `/api/v1/workspaces/${f.slug}/members/${granter.memberId}`,
      { cookie: f.cookie },
    );
    expect(removed.status, removed.text).toBe(204);
    expect(f.google.oauth.revocations).toEqual(["1//good-refresh-token"]);
    expect(
      await prisma.storedCredential.count({
        where: { workspaceId: workspace.id, kind: "google_oauth" },
      }),
    ).toBe(0);
    const member = await prisma.member.findUnique({ where: { id: granter.memberId } });
    expect(member).toBeNull();
    const logged = f.t.logs.filter((line) => line.includes("google oauth revoke failed"));
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      expect(line).not.toContain("refresh-token");
      expect(line).not.toContain(refused as string);
    }
  });
});
