import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { seedSuggestions } from "./suggestion-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("accepter@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
});

const base = () => `/api/v1/workspaces/${slug}/prompt-suggestions`;

describe("acceptPromptSuggestion 200", () => {
  it("creates the prompt through the prompt rules and marks the suggestion accepted", async () => {
    const [id] = await seedSuggestions(t, slug, ["Which analytics tool is best for agencies?"]);
    const response = await t.request<any>("POST", `${base()}/${id}/accept`, {
      cookie,
      body: { category: "use_case" },
    });
    expect(response.status).toBe(200);
    expect(response.body.prompt).toMatchObject({
      text: "Which analytics tool is best for agencies?",
      category: "use_case",
      language: "en",
      active: true,
      source: "generated",
    });
    expect(response.body.suggestion).toMatchObject({
      suggestionId: id,
      status: "accepted",
      promptId: response.body.prompt.promptId,
    });
    const prompt = await t.request<any>(
      "GET",
      `/api/v1/workspaces/${slug}/prompts/${response.body.prompt.promptId}`,
      { cookie },
    );
    expect(prompt.status).toBe(200);
    const pending = await t.request<any>("GET", `${base()}?status=pending`, { cookie });
    expect(pending.body.data).toEqual([]);
  });

  it("accepts several in one transaction (research prompts keep their source)", async () => {
    const ids = await seedSuggestions(
      t,
      slug,
      ["First research question?", "Second one?"],
      "research",
    );
    const response = await t.request<any>("POST", `${base()}/accept`, {
      cookie,
      body: { ids, active: false },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.map((a: any) => a.prompt.source)).toEqual(["research", "research"]);
    expect(response.body.data.every((a: any) => a.prompt.active === false)).toBe(true);
  });

  it("dismisses a pending suggestion; dismissing twice is a no-op", async () => {
    const [id] = await seedSuggestions(t, slug, ["A question to dismiss?"]);
    const first = await t.request<any>("POST", `${base()}/${id}/dismiss`, { cookie });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "dismissed", promptId: null });
    const again = await t.request<any>("POST", `${base()}/${id}/dismiss`, { cookie });
    expect(again.status).toBe(200);
    const dismissed = await t.request<any>("GET", `${base()}?status=dismissed`, { cookie });
    expect(dismissed.body.data.map((s: any) => s.suggestionId)).toEqual([id]);
  });
});
