import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { seedSuggestions } from "./suggestion-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("conflicted@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme", activeSetSize: 20 });
});
afterAll(() => t.close());

const base = () => `/api/v1/workspaces/${slug}/prompt-suggestions`;

describe("acceptPromptSuggestion 409", () => {
  it("is prompt_exists for the text of an existing prompt (like createPrompt)", async () => {
    const created = await t.request<any>("POST", `/api/v1/workspaces/${slug}/prompts`, {
      cookie,
      body: { text: "Best  analytics tool?", category: "discovery", language: "en" },
    });
    const [id] = await seedSuggestions(t, slug, ["best analytics TOOL?"]);
    const response = await t.request<any>("POST", `${base()}/${id}/accept`, { cookie });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: "prompt_exists",
      details: { promptId: created.body.promptId },
    });
  });

  it("is already_decided for an accepted suggestion, to accept or to dismiss", async () => {
    const [id] = await seedSuggestions(t, slug, ["Only once?"]);
    expect((await t.request("POST", `${base()}/${id}/accept`, { cookie })).status).toBe(200);
    const again = await t.request<any>("POST", `${base()}/${id}/accept`, { cookie });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("already_decided");
    const dismiss = await t.request<any>("POST", `${base()}/${id}/dismiss`, { cookie });
    expect(dismiss.status).toBe(409);
  });

  it("is active_set_full when the active set has no room; a bulk accept writes nothing", async () => {
    await seedPrompts(t, slug, 18); // with the two above, the active set (20) is full
    const ids = await seedSuggestions(t, slug, ["q one?", "q two?", "q three?", "q four?"]);
    const response = await t.request<any>("POST", `${base()}/accept`, { cookie, body: { ids } });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: "active_set_full",
      details: { activeSetSize: 20, activeCount: 20 },
    });
    const pending = await t.request<any>("GET", `${base()}?status=pending`, { cookie });
    expect(pending.body.data).toHaveLength(5); // the four and the prompt_exists one
    expect(await t.server.ctx.prisma.prompt.count()).toBe(20);
  });
});
