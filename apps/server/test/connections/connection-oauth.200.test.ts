import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GA4_PROPERTY, GSC_PROPERTY } from "./connection-fixture.js";
import {
  GOOGLE_USER,
  OAUTH_CLIENT_ID,
  type OAuthFixture,
  startOAuthFixture,
} from "./oauth-fixture.js";

let f: OAuthFixture;
beforeAll(async () => {
  f = await startOAuthFixture("oauth-ok");
});
afterAll(() => f.close());

const path = (rest: string) => `/api/v1/workspaces/${f.slug}/connections${rest}`;

describe("Google OAuth with PKCE: start, consent, callback, test, disconnect", () => {
  it("connects both providers with one grant, tests them, and revokes on the last disconnect", async () => {
    const started = await f.start({ search_console: {}, analytics: { property: GA4_PROPERTY } });
    expect(started.status, started.text).toBe(200);
    expect(started.body.expiresAt).toBe(
      new Date(f.t.clock.now().getTime() + 600_000).toISOString(),
    );
    const url = new URL(started.body.authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${f.google.url}/o/oauth2/v2/auth`);
    const q = url.searchParams;
    expect(q.get("client_id")).toBe(OAUTH_CLIENT_ID);
    expect(q.get("response_type")).toBe("code");
    expect(q.get("access_type")).toBe("offline");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("redirect_uri")).toMatch(/\/api\/v1\/connections\/oauth\/callback$/);
    // The port actually bound (PORT=0), so Google's redirect comes back to this server.
    expect(new URL(q.get("redirect_uri") ?? "").port).toBe(new URL(f.t.server.url).port);
    expect(q.get("scope")?.split(" ").sort()).toEqual([
      "https://www.googleapis.com/auth/analytics.readonly",
      "https://www.googleapis.com/auth/webmasters.readonly",
    ]);
    const state = q.get("state") ?? "";
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the state's hash is stored; the verifier is sealed, never the challenge's preimage in clear.
    const [row] = await f.t.server.ctx.prisma.oAuthState.findMany();
    expect(row?.stateHash).toBe(createHash("sha256").update(state).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(state);

    const back = await f.authorize(started.body.authorizationUrl);
    expect(back.get("state")).toBe(state);
    const done = await f.callback(back);
    expect(done.status, done.text).toBe(200);
    expect(done.headers.get("content-type")).toMatch(/^text\/html/);
    expect(done.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(done.text).toContain("Connected to Google");
    expect(done.text).toContain(GSC_PROPERTY);
    expect(done.text).toContain(`href="/w/${f.slug}/connections?connected=1"`);

    const listed = await f.t.request<any>("GET", path(""), { cookie: f.cookie });
    expect(listed.body.data.map((c: any) => [c.provider, c.status, c.credential?.kind])).toEqual([
      ["search_console", "configured", "oauth"],
      ["analytics", "configured", "oauth"],
    ]);
    const credential = listed.body.data[0].credential;
    expect(credential.label).toMatch(/^Google account via OAuth \(token ….{4}\)$/);
    const [refreshToken] = [...f.google.oauth.refreshTokens.keys()];
    expect(listed.text).not.toContain(refreshToken);
    const stored = await f.t.server.ctx.prisma.storedCredential.findUniqueOrThrow({
      where: { id: credential.id },
    });
    expect(stored.kind).toBe("google_oauth");
    expect(stored.ciphertext).not.toContain(refreshToken);

    for (const provider of ["search_console", "analytics"]) {
      const tested = await f.t.request<any>("POST", path(`/${provider}/test`), {
        cookie: f.cookie,
      });
      expect(tested.status, tested.text).toBe(200);
      expect(tested.body).toMatchObject({ provider, status: "ok", lastErrorCode: null });
    }
    const grants = f.google.requests.filter((r) => r.path === "/token").map((r) => r.body);
    expect(grants.some((b) => new URLSearchParams(b).get("grant_type") === "refresh_token")).toBe(
      true,
    );

    // One provider still uses the grant: nothing is revoked yet.
    const first = await f.t.request<any>("DELETE", path("/search_console"), { cookie: f.cookie });
    expect(first.status).toBe(200);
    expect(f.google.oauth.revocations).toEqual([]);
    const last = await f.t.request<any>("DELETE", path("/analytics"), { cookie: f.cookie });
    expect(last.status).toBe(200);
    expect(last.body.status).toBe("unconfigured");
    expect(f.google.oauth.revocations).toEqual([refreshToken]);
    expect(
      await f.t.server.ctx.prisma.storedCredential.findUnique({ where: { id: credential.id } }),
    ).toBeNull();
    const actions = (
      await f.t.server.ctx.prisma.auditEvent.findMany({ orderBy: { createdAt: "asc" } })
    ).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["credential.set", "connection.configure", "credential.revoke"]),
    );
    expect(GOOGLE_USER).toBe(f.google.oauth.consent.email);
  });

  it("a test after Google revoked the grant reports credential_invalid in words", async () => {
    const started = await f.start({ search_console: {} });
    const done = await f.callback(await f.authorize(started.body.authorizationUrl));
    expect(done.status, done.text).toBe(200);
    for (const grant of f.google.oauth.refreshTokens.values()) grant.revoked = true;
    const tested = await f.t.request<any>("POST", path("/search_console/test"), {
      cookie: f.cookie,
    });
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ status: "error", lastErrorCode: "credential_invalid" });
    expect(tested.body.lastError).toContain("Connect with Google again");
  });
});

describe("a connections:write key disconnecting an OAuth connection", () => {
  it("unlinks it, but neither revokes nor deletes the stored grant (credential writes are session only)", async () => {
    const started = await f.start({ search_console: {} });
    const done = await f.callback(await f.authorize(started.body.authorizationUrl));
    expect(done.status, done.text).toBe(200);
    const prisma = f.t.server.ctx.prisma;
    const grant = await prisma.storedCredential.findFirstOrThrow({
      where: { kind: "google_oauth" },
    });
    const key = await f.t.mintKey(f.cookie, f.slug, ["connections:write", "connections:read"]);
    const revokedBefore = f.google.oauth.revocations.length;
    const actionsBefore = await prisma.auditEvent.count({ where: { action: "credential.revoke" } });

    const disconnected = await f.t.request<any>("DELETE", path("/search_console"), {
      bearer: key.secret,
    });
    expect(disconnected.status, disconnected.text).toBe(200);
    expect(disconnected.body.status).toBe("unconfigured");
    // The grant is still stored and live at Google; only a session deletes a credential.
    expect(await prisma.storedCredential.findUnique({ where: { id: grant.id } })).not.toBeNull();
    expect(f.google.oauth.revocations.length).toBe(revokedBefore);
    expect(await prisma.auditEvent.count({ where: { action: "credential.revoke" } })).toBe(
      actionsBefore,
    );
    const listed = await f.t.request<any>("GET", `/api/v1/workspaces/${f.slug}/credentials`, {
      bearer: key.secret,
    });
    expect(listed.body.data.map((c: any) => c.id)).toContain(grant.id);
    // The key cannot delete it through the credentials route either.
    const refused = await f.t.request<any>(
      "DELETE",
      `/api/v1/workspaces/${f.slug}/credentials/${grant.connector}/${grant.key}`,
      { bearer: key.secret },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("session_required");
    // A person deletes it.
    const deleted = await f.t.request(
      "DELETE",
      `/api/v1/workspaces/${f.slug}/credentials/${grant.connector}/${grant.key}`,
      { cookie: f.cookie },
    );
    expect(deleted.status, deleted.text).toBe(204);
  });
});

describe("running the flow again", () => {
  it("replaces the workspace's grant (credential.rotate), revoking the old one at Google", async () => {
    const revokedBefore = f.google.oauth.revocations.length;
    for (let i = 0; i < 2; i++) {
      const started = await f.start({ analytics: {} });
      const done = await f.callback(await f.authorize(started.body.authorizationUrl));
      expect(done.status, done.text).toBe(200);
    }
    const grants = await f.t.server.ctx.prisma.storedCredential.findMany({
      where: { kind: "google_oauth" },
    });
    expect(grants).toHaveLength(1);
    const rotated = await f.t.server.ctx.prisma.auditEvent.count({
      where: { action: "credential.rotate", targetId: grants[0]?.id },
    });
    expect(rotated).toBeGreaterThanOrEqual(1);
    // The second run replaced the first run's grant: that token is revoked, the new one is live.
    expect(f.google.oauth.revocations.length).toBe(revokedBefore + 1);
    const tested = await f.t.request<any>("POST", path("/analytics/test"), { cookie: f.cookie });
    expect(tested.body).toMatchObject({ status: "ok", credential: { id: grants[0]?.id } });
  });
});

describe("Google's redirect as sent", () => {
  it("takes the code raw (`4/0A…` with its slash) and the scope with raw `:` and `/`", async () => {
    const started = await f.start({ search_console: {} });
    const response = await fetch(started.body.authorizationUrl, { redirect: "manual" });
    const location = response.headers.get("location") ?? "";
    // What Google's redirect looks like: reserved characters left unencoded.
    const rawCode = location.match(/[?&]code=([^&]+)/)?.[1] ?? "";
    expect(rawCode).toMatch(/^4\/0A[A-Za-z0-9_-]+$/);
    expect(location).toContain("scope=https://www.googleapis.com/auth/webmasters.readonly");
    const grantsBefore = f.google.requests.length;
    const done = await f.t.request(
      "GET",
      `/api/v1/connections/oauth/callback${new URL(location).search}`,
      {
        cookie: f.cookie,
      },
    );
    expect(done.status, done.text).toBe(200);
    expect(done.text).toContain("Connected to Google");
    // The code reached the token endpoint intact, slash included.
    const exchange = f.google.requests
      .slice(grantsBefore)
      .map((r) => new URLSearchParams(r.body))
      .find((form) => form.get("grant_type") === "authorization_code");
    expect(exchange?.get("code")).toBe(rawCode);
  });
});
