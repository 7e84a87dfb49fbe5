import { afterAll, beforeAll, describe, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { expectError } from "./connection-fixture.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("owner@no-oauth.example.com");
  slug = await t.createWorkspace(cookie, { brand: "no-oauth" });
});
afterAll(() => t.close());

describe("Google OAuth without an OAuth client: 503 google_oauth_unavailable", () => {
  it("start says OAuth is not configured and points at service-account keys", async () => {
    const response = await t.request<any>(
      "POST",
      `/api/v1/workspaces/${slug}/connections/oauth/start`,
      { cookie, body: { analytics: {} } },
    );
    expectError(response, 503, "google_oauth_unavailable");
  });

  it("so does the callback", async () => {
    expectError(
      await t.request<any>("GET", "/api/v1/connections/oauth/callback?state=abc", { cookie }),
      503,
      "google_oauth_unavailable",
    );
  });
});
