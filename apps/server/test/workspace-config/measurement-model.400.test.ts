import { describe, expect, it } from "vitest";
import { REAL_ENGINE_IDS } from "../../src/engines/engine-registry.js";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, fieldsOf } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("model-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "model-400" });
});

const put = (body: unknown) => call(t, { cookie }, "PUT", slug, "/model", body);
const listed: Record<string, string> = {
  openai: "gpt-4.1-mini",
  perplexity: "sonar",
  gemini: "gemini-3.5-flash-lite",
  anthropic: "claude-sonnet-5-5",
  exa: "exa",
};
const engine = (name: string, extra: Record<string, unknown> = {}) => ({
  engine: name,
  model: listed[name] ?? "gpt-4.1-mini",
  enabled: true,
  ...extra,
});
const weights = { visibility: 0.4, shareOfVoice: 0.3, position: 0.15, citation: 0.15 };

describe("PUT /api/v1/workspaces/{workspace}/model: 400 invalid_request", () => {
  it.each([
    ["no engines", { engines: [], weights }, ["body.engines"]],
    [
      "nine engines (one more than there are)",
      {
        engines: [...REAL_ENGINE_IDS, "openai"].map((e) => engine(e)),
        weights,
      },
      ["body.engines"],
    ],
    ["an unknown engine", { engines: [engine("bing")], weights }, ["body.engines[0].engine"]],
    [
      "an engine twice",
      { engines: [engine("openai"), engine("openai")], weights },
      ["body.engines[1].engine"],
    ],
    [
      "no enabled engine",
      { engines: [engine("openai", { enabled: false })], weights },
      ["body.engines"],
    ],
    [
      "a model with a space",
      { engines: [engine("openai", { model: "gpt 4" })], weights },
      ["body.engines[0].model"],
    ],
    [
      "an empty model",
      { engines: [engine("openai", { model: "" })], weights },
      ["body.engines[0].model"],
    ],
    [
      "a 101-character model",
      { engines: [engine("openai", { model: "m".repeat(101) })], weights },
      ["body.engines[0].model"],
    ],
    [
      "weights not summing to 1",
      { engines: [engine("openai")], weights: { ...weights, citation: 0.2 } },
      ["body.weights"],
    ],
    [
      "a weight above 1",
      { engines: [engine("openai")], weights: { ...weights, citation: 1.01 } },
      ["body.weights.citation"],
    ],
    [
      "a negative weight",
      { engines: [engine("openai")], weights: { ...weights, position: -0.01 } },
      ["body.weights.position"],
    ],
    [
      "a missing weight",
      { engines: [engine("openai")], weights: { visibility: 1, shareOfVoice: 0, position: 0 } },
      ["body.weights.citation"],
    ],
    ["an unknown field", { engines: [engine("openai")], weights, extra: 1 }, ["body.extra"]],
  ])("for %s", async (_what, body, fields) => {
    expect(fieldsOf(await put(body))).toEqual(fields);
  });

  it("nothing was stored by refused requests; a catalog model is fine", async () => {
    expect((await call(t, { cookie }, "GET", slug, "/model")).body.isDefault).toBe(true);
    const ok = await put({ engines: [engine("openai")], weights });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe("PUT .../model: only models of the catalog (400 naming the field, with the allowed ids)", () => {
  it.each([
    ["openai", "o3-pro", "body.engines[0].model"],
    ["openai", "m".repeat(100), "body.engines[0].model"],
    ["anthropic", "claude-opus-4-20250514-unlisted", "body.engines[0].model"],
    ["gemini", "gemini-3.5-flash-lite..", "body.engines[0].model"],
    ["perplexity", "sonar-deep-research", "body.engines[0].model"],
    ["exa", "exa-pro", "body.engines[0].model"],
    // Another provider's model is not this provider's.
    ["perplexity", "gpt-4.1-mini", "body.engines[0].model"],
  ])("refuses %s %s", async (provider, model, field) => {
    const response = await put({ engines: [engine(provider, { model })], weights });
    expect(response.status).toBe(400);
    expect(fieldsOf(response)).toEqual([field]);
    expect(response.body.error.details.fields[0].rule).toBe("catalog");
    const allowed = response.body.error.details.allowed[field];
    expect(allowed).toContain(listed[provider]);
    expect(allowed).not.toContain(model);
  });

  it("refuses an assistant model the catalog does not allow for chat, and lists the chat ids", async () => {
    const response = await put({
      engines: [engine("openai")],
      weights,
      assistant: { provider: "anthropic", model: "claude-opus-5-5" },
    });
    expect(response.status).toBe(400);
    expect(fieldsOf(response)).toEqual(["body.assistant.model"]);
    expect(response.body.error.details.allowed["body.assistant.model"]).toEqual([
      "claude-haiku-4-5",
      "claude-sonnet-4-5",
      "claude-sonnet-5-5",
    ]);
    expect((await call(t, { cookie }, "GET", slug, "/model")).body.assistant).toEqual({
      provider: "openai",
      model: "gpt-4.1-mini",
    });
  });

  it("names every refused field at once", async () => {
    const response = await put({
      engines: [engine("openai", { model: "gpt-9" }), engine("gemini", { model: "x" })],
      weights,
      assistant: { provider: "openai", model: "o3-pro" },
    });
    expect(fieldsOf(response)).toEqual([
      "body.engines[0].model",
      "body.engines[1].model",
      "body.assistant.model",
    ]);
  });
});
