import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, fieldsOf } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("model-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "model-400" });
});
afterAll(() => t.close());

const put = (body: unknown) => call(t, { cookie }, "PUT", slug, "/model", body);
const engine = (name: string, extra: Record<string, unknown> = {}) => ({
  engine: name,
  model: "some-model",
  enabled: true,
  ...extra,
});
const weights = { visibility: 0.4, shareOfVoice: 0.3, position: 0.15, citation: 0.15 };

describe("PUT /api/v1/workspaces/{workspace}/model: 400 invalid_request", () => {
  it.each([
    ["no engines", { engines: [], weights }, ["body.engines"]],
    [
      "six engines",
      {
        engines: ["openai", "perplexity", "gemini", "anthropic", "exa", "openai"].map((e) =>
          engine(e),
        ),
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

  it("a 100-character model is fine, and nothing was stored by refused requests", async () => {
    expect((await call(t, { cookie }, "GET", slug, "/model")).body.isDefault).toBe(true);
    const ok = await put({ engines: [engine("openai", { model: "m".repeat(100) })], weights });
    expect(ok.status, ok.text).toBe(200);
  });
});
