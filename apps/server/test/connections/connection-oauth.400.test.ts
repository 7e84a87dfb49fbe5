import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectError } from "./connection-fixture.js";
import { type OAuthFixture, startOAuthFixture } from "./oauth-fixture.js";

let f: OAuthFixture;
beforeAll(async () => {
  f = await startOAuthFixture("oauth-errors");
});
afterAll(() => f.close());
beforeEach(() => {
  f.google.oauth.consent = { email: "owner@acme.com" };
});

const consented = async () => {
  const started = await f.start({ search_console: {} });
  expect(started.status, started.text).toBe(200);
  return f.authorize(started.body.authorizationUrl);
};

describe("connectionOAuthCallback: 400", () => {
  it("oauth_state_invalid for an unknown state", async () => {
    const back = await consented();
    back.set("state", "x".repeat(43));
    expectError(await f.callback(back), 400, "oauth_state_invalid");
  });

  it("oauth_state_invalid for a state used once already (single use)", async () => {
    const back = await consented();
    expect((await f.callback(back)).status).toBe(200);
    expectError(await f.callback(back), 400, "oauth_state_invalid");
  });

  it("oauth_state_invalid after 10 minutes", async () => {
    const back = await consented();
    f.t.clock.advance(10 * 60_000 + 1);
    expectError(await f.callback(back), 400, "oauth_state_invalid");
  });

  it("oauth_state_invalid for another person's session, leaving the state to its owner", async () => {
    const back = await consented();
    const stranger = await f.t.signIn("stranger@example.com");
    expectError(await f.callback(back, stranger), 400, "oauth_state_invalid");
    expect((await f.callback(back)).status).toBe(200);
  });

  it("oauth_access_denied when the person declines on Google's consent screen", async () => {
    f.google.oauth.consent = { email: "owner@acme.com", deny: true };
    const back = await consented();
    expect(back.get("error")).toBe("access_denied");
    const response = await f.callback(back);
    expectError(response, 400, "oauth_access_denied");
    expect(response.body.error.message).toContain("declined");
    expect(response.body.error.details).toEqual({ workspace: f.slug });
    // The state is used up.
    back.delete("error");
    back.set("code", "4/0Aanything");
    expectError(await f.callback(back), 400, "oauth_state_invalid");
  });

  it("a browser gets the refusal as a page in words with the way back to its Connections view", async () => {
    const asBrowser = (back: URLSearchParams) =>
      f.t.request("GET", `/api/v1/connections/oauth/callback?${back.toString()}`, {
        cookie: f.cookie,
        headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
      });
    f.google.oauth.consent = { email: "owner@acme.com", deny: true };
    const denied = await asBrowser(await consented());
    expect(denied.status).toBe(400);
    expect(denied.headers.get("content-type")).toContain("text/html");
    expect(denied.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(denied.text).toContain("declined on Google&#39;s consent screen");
    expect(denied.text).toContain(
      `href="/w/${f.slug}/connections?connected=0&amp;reason=oauth_access_denied"`,
    );
    // An unknown state names no workspace: the way back is the dashboard's start.
    f.google.oauth.consent = { email: "owner@acme.com" };
    const back = await consented();
    back.set("state", "x".repeat(43));
    const unknown = await asBrowser(back);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("oauth_state_invalid");
    expect(unknown.text).toContain('href="/"');
    expect(unknown.text).not.toContain("/connections");
  });

  it("oauth_exchange_failed when Google refuses the code (PKCE verifier checked by the fake)", async () => {
    const back = await consented();
    back.set("code", "4/0Aforged");
    const response = await f.callback(back);
    expectError(response, 400, "oauth_exchange_failed");
    expect(response.body.error.message).toContain("invalid_grant");
  });

  it("escapes nothing into errors: a hostile error_description is not echoed", async () => {
    const back = await consented();
    back.set("error", "server_error");
    back.set("error_description", "<script>alert(1)</script>");
    const response = await f.callback(back);
    expectError(response, 400, "oauth_exchange_failed");
    expect(response.text).not.toContain("<script>");
  });

  it("a google_oauth credential cannot be set through the credentials route", async () => {
    const response = await f.t.request<any>("POST", `/api/v1/workspaces/${f.slug}/credentials`, {
      cookie: f.cookie,
      body: { connector: "google", key: "oauth", value: "1//0gtoken-value", kind: "google_oauth" },
    });
    expectError(response, 400, "invalid_request");
    expect(response.body.error.details.fields[0]).toMatchObject({
      field: "body.kind",
      rule: "oauth_flow",
    });
  });
});
