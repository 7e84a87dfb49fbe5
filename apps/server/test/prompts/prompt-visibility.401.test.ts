import { describe, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { createPrompt, expectError, prompt } from "./prompt-fixtures.js";

let t: TestServer;
let path: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  const cookie = await t.signIn("visibility-401@example.com");
  const slug = await t.createWorkspace(cookie, { brand: "visibility-anon" });
  const { promptId } = await createPrompt(t, { cookie }, slug, prompt("A prompt"));
  path = `/api/v1/workspaces/${slug}/prompts/${promptId}/visibility`;
});

describe("GET .../prompts/{promptId}/visibility: 401 unauthenticated", () => {
  it("without a session or key", async () => {
    expectError(await t.request<any>("GET", path), 401, "unauthenticated");
  });

  it("with an unknown key", async () => {
    expectError(await t.request<any>("GET", path, { bearer: "gp_live_nope" }), 401, "invalid_key");
  });
});
