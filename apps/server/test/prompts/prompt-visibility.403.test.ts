import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { createPrompt, expectError, prompt } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let path: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("visibility-403@example.com");
  slug = await t.createWorkspace(cookie, { brand: "visibility-scopes" });
  const { promptId } = await createPrompt(t, { cookie }, slug, prompt("A prompt"));
  path = `/api/v1/workspaces/${slug}/prompts/${promptId}/visibility`;
});

describe("GET .../prompts/{promptId}/visibility: 403 insufficient_scope", () => {
  it("a key without metrics:read (prompts:read is not enough)", async () => {
    const key = await t.mintKey(cookie, slug, ["prompts:read"]);
    const denied = await t.request<any>("GET", path, { bearer: key.secret });
    expectError(denied, 403, "insufficient_scope");
    expect(denied.body.error.details.requiredScope).toBe("metrics:read");
  });
});
