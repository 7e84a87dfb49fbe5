import { describe, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { expectError } from "./connection-fixture.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("owner@no-oauth.example.com");
  slug = await t.createWorkspace(cookie, { brand: "no-oauth" });
});

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
