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
  slug = await t.createWorkspace(cookie, { brand: "prompts-409", activeSetSize: 20 });
});

const create = (body: unknown) => call(t, { cookie }, "POST", slug, "/prompts", body);

describe("POST /api/v1/workspaces/{workspace}/prompts: 409", () => {
  it("prompt_exists for the same text and language, ignoring case and spacing", async () => {
    const first = await createPrompt(t, { cookie }, slug, prompt("Best  CRM for startups"));
    for (const text of [
      "best crm for startups",
      "  BEST CRM\tFOR   startups ",
      "Best CRM for\nstartups",
    ]) {
      const response = await create(prompt(text, { category: "expert", active: false }));
      expectError(response, 409, "prompt_exists");
      expect(response.body.error.details).toEqual({ promptId: first.promptId });
    }
  });

  it("active_set_full when the active set holds activeSetSize prompts", async () => {
    await importMany(t, { cookie }, slug, 19, "filler");
    expect(await activeCount(t, slug)).toBe(20);
    const response = await create(prompt("one too many"));
    expectError(response, 409, "active_set_full");
    expect(response.body.error.details).toEqual({ activeSetSize: 20, activeCount: 20 });
    expect(await activeCount(t, slug)).toBe(20);
  });

  it("an inactive prompt can still be added to a full set", async () => {
    const created = await createPrompt(
      t,
      { cookie },
      slug,
      prompt("one too many", { active: false }),
    );
    expect(created.active).toBe(false);
  });
});
