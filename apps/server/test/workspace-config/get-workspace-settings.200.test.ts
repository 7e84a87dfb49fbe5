import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import { type TestServer, validWorkspace } from "../harness/test-server.js";
import { call } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("settings-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "settings-get" });
});

describe("GET /api/v1/workspaces/{workspace}/settings: 200", () => {
  it("answers the creation fields except brand and competitors, and no search location", async () => {
    const response = await call(t, { cookie }, "GET", slug, "/settings");
    expect(response.status, response.text).toBe(200);
    const { brand: _brand, competitors: _competitors, ...expected } = validWorkspace();
    const { updatedAt, ...settings } = response.body;
    expect(settings).toEqual({ ...expected, searchLocation: null });
    expect(new Date(updatedAt).toISOString()).toBe(updatedAt);
  });

  it("answers a key with settings:read", async () => {
    const key = await t.mintKey(cookie, slug, ["settings:read"]);
    const response = await call(t, { bearer: key.secret }, "GET", slug, "/settings");
    expect(response.status).toBe(200);
    expect(response.body.displayName).toBe("Acme Analytics");
  });
});
