import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, expectError } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("settings-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "settings-409", activeSetSize: 30 });
  const prompts = Array.from({ length: 25 }, (_, i) => ({
    text: `prompt number ${i}`,
    category: "discovery",
    language: "en",
  }));
  const imported = await call(t, { cookie }, "POST", slug, "/prompts/import", { prompts });
  expect(imported.body).toMatchObject({ created: 25, deactivated: 0 });
});

const patch = (body: unknown) => call(t, { cookie }, "PATCH", slug, "/settings", body);

describe("PATCH /api/v1/workspaces/{workspace}/settings: 409 active_set_too_small", () => {
  it("for an activeSetSize below the number of active prompts; nothing changes", async () => {
    const response = await patch({ activeSetSize: 24, displayName: "Smaller" });
    expectError(response, 409, "active_set_too_small");
    expect(response.body.error.details).toEqual({ activeSetSize: 24, activeCount: 25 });
    const settings = (await call(t, { cookie }, "GET", slug, "/settings")).body;
    expect(settings).toMatchObject({ activeSetSize: 30, displayName: "Acme Analytics" });
  });

  it("lowering to exactly the active count is fine, and so is raising", async () => {
    expect((await patch({ activeSetSize: 25 })).status).toBe(200);
    expect((await patch({ activeSetSize: 300 })).status).toBe(200);
  });

  it("deactivating prompts makes room to lower it", async () => {
    const list = await call(t, { cookie }, "GET", slug, "/prompts?limit=5");
    for (const prompt of list.body.data) {
      const changed = await call(t, { cookie }, "PATCH", slug, `/prompts/${prompt.promptId}`, {
        active: false,
      });
      expect(changed.status).toBe(200);
    }
    expect((await patch({ activeSetSize: 20 })).status).toBe(200);
  });
});
