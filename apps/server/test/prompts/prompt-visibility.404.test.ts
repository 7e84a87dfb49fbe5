import { describe, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { createPrompt, expectError, prompt } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let otherSlug: string;
let foreignId: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("visibility-mine@example.com");
  slug = await t.createWorkspace(cookie, { brand: "visibility-mine" });
  const other = await t.signIn("visibility-theirs@example.com");
  otherSlug = await t.createWorkspace(other, { brand: "visibility-theirs" });
  foreignId = (await createPrompt(t, { cookie: other }, otherSlug, prompt("Their prompt")))
    .promptId;
});

const visibility = (
  workspace: string,
  promptId: string,
  caller: { cookie?: string; bearer?: string },
) =>
  t.request<any>("GET", `/api/v1/workspaces/${workspace}/prompts/${promptId}/visibility`, caller);

describe("GET .../prompts/{promptId}/visibility: 404 not_found", () => {
  it("another workspace's prompt through this workspace (tenant isolation)", async () => {
    expectError(await visibility(slug, foreignId, { cookie }), 404, "not_found");
  });

  it("another workspace's prompt with a key of this workspace", async () => {
    const key = await t.mintKey(cookie, slug, ["metrics:read"]);
    expectError(await visibility(slug, foreignId, { bearer: key.secret }), 404, "not_found");
  });

  it("the other workspace itself, which this person is not a member of", async () => {
    expectError(await visibility(otherSlug, foreignId, { cookie }), 404, "workspace_not_found");
  });

  it("an unknown id", async () => {
    expectError(await visibility(slug, "prm_nope", { cookie }), 404, "not_found");
  });
});
