import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
