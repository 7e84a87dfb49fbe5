import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "../team/team-fixtures.js";
import { expectError } from "./connection-fixture.js";
import { type OAuthFixture, startOAuthFixture } from "./oauth-fixture.js";

let f: OAuthFixture;
beforeAll(async () => {
  f = await startOAuthFixture("oauth-keys");
});
afterAll(() => f.close());

describe("Google OAuth is session only: 403 session_required for API keys", () => {
  it("start and callback refuse a key with every connections scope", async () => {
    const key = await f.t.mintKey(f.cookie, f.slug, [
      "connections:read",
      "connections:write",
      "connections:test",
    ]);
    expectError(
      await f.start({ search_console: {} }, { bearer: key.secret }),
      403,
      "session_required",
    );
    const started = await f.start({ search_console: {} });
    const back = await f.authorize(started.body.authorizationUrl);
    const response = await f.t.request<any>(
      "GET",
      `/api/v1/connections/oauth/callback?${back.toString()}`,
      { bearer: key.secret },
    );
    expectError(response, 403, "session_required");
    // The state was not used up by the refused call.
    expect((await f.callback(back)).status).toBe(200);
  });
});

describe("Google OAuth needs an owner or an admin: 403 insufficient_role", () => {
  it("refuses a member at the start, and an admin made a member before Google sent them back", async () => {
    const member = await join(f.t, f.cookie, f.slug, "member@example.com");
    expectError(
      await f.start({ search_console: {} }, { cookie: member.cookie }),
      403,
      "insufficient_role",
    );
    const admin = await join(f.t, f.cookie, f.slug, "admin@example.com", "admin");
    const started = await f.start({ analytics: {} }, { cookie: admin.cookie });
    expect(started.status, started.text).toBe(200);
    const back = await f.authorize(started.body.authorizationUrl);
    const demoted = await f.t.request(
      "PATCH",
      `/api/v1/workspaces/${f.slug}/members/${admin.memberId}`,
      { cookie: f.cookie, body: { role: "member" } },
    );
    expect(demoted.status).toBe(200);
    const response = await f.callback(back, admin.cookie);
    expectError(response, 403, "insufficient_role");
    const grants = await f.t.server.ctx.prisma.storedCredential.count({
      where: { kind: "google_oauth", grantedByUserId: { not: null } },
    });
    expect(grants).toBe(1); // the owner's, from the test above; none from the demoted admin
  });
});
