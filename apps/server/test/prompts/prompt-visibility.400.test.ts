import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { createPrompt, expectError, prompt } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let promptId: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("visibility-400@example.com");
  slug = await t.createWorkspace(cookie, { brand: "visibility-bad" });
  promptId = (await createPrompt(t, { cookie }, slug, prompt("A prompt"))).promptId;
});

describe("GET .../prompts/{promptId}/visibility: 400 invalid_request", () => {
  it.each(["0", "367", "week", "1.5"])("days=%s names the field", async (days) => {
    const response = await t.request<any>(
      "GET",
      `/api/v1/workspaces/${slug}/prompts/${promptId}/visibility?days=${days}`,
      { cookie },
    );
    expectError(response, 400, "invalid_request");
    expect(JSON.stringify(response.body.error.details.fields)).toContain("days");
  });
});
