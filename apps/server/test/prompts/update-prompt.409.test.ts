import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import {
  activeCount,
  call,
  createPrompt,
  expectError,
  importMany,
  prompt,
} from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("prompts-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "prompts-update-409", activeSetSize: 20 });
});

const patch = (id: string, body: unknown) =>
  call(t, { cookie }, "PATCH", slug, `/prompts/${id}`, body);

describe("PATCH /api/v1/workspaces/{workspace}/prompts/{promptId}: 409", () => {
  it("prompt_exists when the new text or language repeats another prompt", async () => {
    const a = await createPrompt(t, { cookie }, slug, prompt("First prompt"));
    const b = await createPrompt(t, { cookie }, slug, prompt("Second prompt"));
    const c = await createPrompt(t, { cookie }, slug, prompt("first prompt", { language: "es" }));
    const byText = await patch(b.promptId, { text: "FIRST   prompt" });
    expectError(byText, 409, "prompt_exists");
    expect(byText.body.error.details.promptId).toBe(a.promptId);
    const byLanguage = await patch(c.promptId, { language: "en" });
    expectError(byLanguage, 409, "prompt_exists");
    expect((await call(t, { cookie }, "GET", slug, `/prompts/${b.promptId}`)).body.text).toBe(
      "Second prompt",
    );
  });

  it("active_set_full when activating into a full set; deactivating is always fine", async () => {
    await importMany(t, { cookie }, slug, 17, "filler");
    const spare = await createPrompt(t, { cookie }, slug, prompt("Spare", { active: false }));
    expect(await activeCount(t, slug)).toBe(20);
    const response = await patch(spare.promptId, { active: true, tags: ["x"] });
    expectError(response, 409, "active_set_full");
    expect(response.body.error.details).toEqual({ activeSetSize: 20, activeCount: 20 });
    expect(
      (await call(t, { cookie }, "GET", slug, `/prompts/${spare.promptId}`)).body.tags,
    ).toEqual([]);
    const active = (await call(t, { cookie }, "GET", slug, "/prompts?active=true&limit=1")).body
      .data[0];
    expect((await patch(active.promptId, { active: false })).status).toBe(200);
    expect((await patch(spare.promptId, { active: true })).status).toBe(200);
    expect((await patch(spare.promptId, { active: true })).status).toBe(200);
    expect(await activeCount(t, slug)).toBe(20);
  });
});
