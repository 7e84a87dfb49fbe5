import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, createPrompt, expectError, prompt } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let foreignId: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("mine@example.com");
  slug = await t.createWorkspace(cookie, { brand: "prompts-mine" });
  const other = await t.signIn("theirs@example.com");
  const otherSlug = await t.createWorkspace(other, { brand: "prompts-theirs" });
  foreignId = (await createPrompt(t, { cookie: other }, otherSlug, prompt("Their prompt")))
    .promptId;
});

describe("prompts: 404 not_found", () => {
  it.each([
    ["GET", undefined],
    ["PATCH", { active: false }],
    ["DELETE", undefined],
  ])("%s another workspace's prompt", async (method, body) => {
    const response = await call(t, { cookie }, method, slug, `/prompts/${foreignId}`, body);
    expectError(response, 404, "not_found");
    expect(response.body.error.message).toBe("Prompt not found.");
  });

  it("with a key of this workspace too", async () => {
    const key = await t.mintKey(cookie, slug, ["prompts:read"]);
    const response = await call(t, { bearer: key.secret }, "GET", slug, `/prompts/${foreignId}`);
    expectError(response, 404, "not_found");
  });

  it("an unknown id", async () => {
    expectError(await call(t, { cookie }, "GET", slug, "/prompts/prm_nope"), 404, "not_found");
  });

  it("the other workspace's prompt is untouched and not listed here", async () => {
    const row = await t.server.ctx.prisma.prompt.findUnique({ where: { id: foreignId } });
    expect(row?.active).toBe(true);
    expect((await call(t, { cookie }, "GET", slug, "/prompts")).body.data).toEqual([]);
  });
});
