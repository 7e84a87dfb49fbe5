import { describe, expect, it } from "vitest";
import { defaultMeasurementModel } from "../../src/services/workspace-config/default-measurement-model.js";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { auditOf, call } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("model-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "model" });
});

const model = {
  engines: [
    { engine: "anthropic", model: "claude-opus-5-5", enabled: true },
    { engine: "exa", model: "exa", enabled: true },
    { engine: "openai", model: "gpt-4.1", enabled: false },
  ],
  weights: { visibility: 0.25, shareOfVoice: 0.25, position: 0.2, citation: 0.3 },
};

/** The search-page and app engines, off by default, each with its collection method. */
const offSurfaceEngines = [
  { engine: "google_ai_overview", model: "dataforseo-serp", enabled: false },
  { engine: "google_ai_mode", model: "dataforseo-serp", enabled: false },
  { engine: "chatgpt_app", model: "brightdata-app", enabled: false },
  { engine: "perplexity_app", model: "brightdata-app", enabled: false },
  { engine: "gemini_app", model: "brightdata-app", enabled: false },
  { engine: "copilot_app", model: "brightdata-app", enabled: false },
];

describe("GET/PUT /api/v1/workspaces/{workspace}/model: 200", () => {
  it("GET without a stored model answers the documented defaults", async () => {
    const response = await call(t, { cookie }, "GET", slug, "/model");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      engines: [
        { engine: "openai", model: "gpt-4.1-mini", enabled: true },
        { engine: "perplexity", model: "sonar", enabled: true },
        { engine: "gemini", model: "gemini-3.5-flash-lite", enabled: true },
        { engine: "anthropic", model: "claude-sonnet-5-5", enabled: true },
        { engine: "exa", model: "exa", enabled: false },
        { engine: "grok", model: "grok-4.3", enabled: false },
        ...offSurfaceEngines,
      ],
      weights: { visibility: 0.4, shareOfVoice: 0.3, position: 0.15, citation: 0.15 },
      assistant: { provider: "openai", model: "gpt-4.1-mini" },
      isDefault: true,
    });
    const { isDefault: _isDefault, ...defaults } = response.body;
    expect(defaults).toEqual(defaultMeasurementModel(t.server.ctx.config.modelCatalog));
  });

  it("PUT stores the model (audited); GET answers it with isDefault false", async () => {
    const response = await call(t, { cookie }, "PUT", slug, "/model", model);
    expect(response.status, response.text).toBe(200);
    // The engines the model does not name follow it, off, with their default models.
    const withDefaultAssistant = {
      ...model,
      engines: [
        ...model.engines,
        { engine: "perplexity", model: "sonar", enabled: false },
        { engine: "gemini", model: "gemini-3.5-flash-lite", enabled: false },
        { engine: "grok", model: "grok-4.3", enabled: false },
        ...offSurfaceEngines,
      ],
      assistant: { provider: "openai", model: "gpt-4.1-mini" },
    };
    expect(response.body).toEqual({ ...withDefaultAssistant, isDefault: false });
    expect((await call(t, { cookie }, "GET", slug, "/model")).body).toEqual({
      ...withDefaultAssistant,
      isDefault: false,
    });
    const events = await auditOf(t, slug, "model.update");
    expect(events.map((event) => event.metadata)).toEqual([{ enabled: ["anthropic", "exa"] }]);
  });

  it("PUT stores the chat assistant's model", async () => {
    const assistant = { provider: "anthropic", model: "claude-sonnet-5-5" };
    const response = await call(t, { cookie }, "PUT", slug, "/model", { ...model, assistant });
    expect(response.status, response.text).toBe(200);
    expect((await call(t, { cookie }, "GET", slug, "/model")).body.assistant).toEqual(assistant);
  });

  it("accepts all five engines and weights at 0 and 1, and stores an alias as its catalog id", async () => {
    const models: Record<string, string> = {
      openai: "gpt-4o",
      perplexity: "sonar-pro",
      gemini: "gemini-3.8-flash",
      anthropic: "claude-haiku-4-5-20251001",
      exa: "exa",
    };
    const five = {
      engines: ["openai", "perplexity", "gemini", "anthropic", "exa"].map((engine) => ({
        engine,
        model: models[engine],
        enabled: engine === "gemini",
      })),
      weights: { visibility: 0, shareOfVoice: 0, position: 1, citation: 0 },
    };
    const response = await call(t, { cookie }, "PUT", slug, "/model", five);
    expect(response.status, response.text).toBe(200);
    // The engines it does not name follow, off.
    expect(response.body.engines).toHaveLength(12);
    expect(response.body.engines[5]).toEqual({ engine: "grok", model: "grok-4.3", enabled: false });
    expect(response.body.engines[3]).toEqual({
      engine: "anthropic",
      model: "claude-haiku-4-5",
      enabled: false,
    });
  });

  it("a stored model the catalog no longer lists reads as its provider's default", async () => {
    await t.server.ctx.prisma.workspace.update({
      where: { slug },
      data: {
        measurementModel: {
          ...model,
          engines: [
            { engine: "openai", model: "o3-pro", enabled: true },
            { engine: "gemini", model: "../../v1/files", enabled: true },
          ],
          assistant: { provider: "anthropic", model: "claude-opus-5-5" },
        },
      },
    });
    const read = await call(t, { cookie }, "GET", slug, "/model");
    expect(read.body.engines.slice(0, 2)).toEqual([
      { engine: "openai", model: "gpt-4.1-mini", enabled: true },
      { engine: "gemini", model: "gemini-3.5-flash-lite", enabled: true },
    ]);
    expect(read.body).toMatchObject({
      assistant: { provider: "anthropic", model: "claude-sonnet-5-5" },
      isDefault: false,
    });
  });
});
