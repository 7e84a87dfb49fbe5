import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../../src/context.js";
import { allProviderSettings } from "../../src/engines/connectors/provider-settings.js";
import { checkProviderDefaults } from "../../src/services/models/check-provider-defaults.js";
import { FakeAnswerEngine } from "../fakes/fake-answer-engine.js";
import { retiredModelReply } from "../fakes/provider-end-states.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

/**
 * The daily check that each provider with an operator key serves its catalog defaults, against
 * fakes that read models as the providers do: OpenAI and Anthropic `GET /v1/models/{id}`, Gemini
 * `GET /v1beta/models/{id}` (a retired model is each one's documented 404).
 */
const modelRead = (path: string) => decodeURIComponent(path.split("/").at(-1) ?? "");
const fakes = {
  openai: new FakeAnswerEngine((r) => ({
    id: modelRead(r.path),
    object: "model",
    created: 1744588800,
    owned_by: "system",
  })),
  anthropic: new FakeAnswerEngine((r) => ({
    type: "model",
    id: modelRead(r.path),
    display_name: "Claude",
    created_at: "2026-09-01T00:00:00Z",
  })),
  gemini: new FakeAnswerEngine((r) => ({
    name: `models/${modelRead(r.path)}`,
    displayName: "Gemini",
    inputTokenLimit: 1048576,
    outputTokenLimit: 65536,
    supportedGenerationMethods: ["generateContent", "countTokens"],
  })),
};
let t: TestServer;
let env: Record<string, string>;
/** The server's context with the operator's provider keys of `providerEnv` (read at start). */
const withProviders = (providerEnv: Record<string, string>): AppContext => ({
  ...t.server.ctx,
  config: { ...t.server.ctx.config, providers: allProviderSettings(providerEnv) },
});

beforeAll(async () => {
  await Promise.all(Object.values(fakes).map((f) => f.start()));
  t = await startTestServer({ env: { GEO_PROVIDER_CHECK_HOURS: "24", GEO_WORKERS: "false" } });
  env = { PERPLEXITY_API_KEY: "pplx-operator" };
  for (const [provider, fake] of Object.entries(fakes)) {
    env[`${provider.toUpperCase()}_API_KEY`] = `${provider}-operator`;
    env[`${provider.toUpperCase()}_BASE_URL`] = fake.url;
  }
});
afterAll(async () => {
  await t.close();
  await Promise.all(Object.values(fakes).map((f) => f.close()));
});

describe("the provider default-model check", () => {
  it("reads each default at its provider, says which setting to change, and stores the outcome", async () => {
    fakes.anthropic.fail(404, retiredModelReply("anthropic", "claude-sonnet-5-5").body);
    const checks = await checkProviderDefaults({ ctx: withProviders(env) });
    expect(checks.map((c) => [c.provider, c.outcome])).toEqual([
      ["openai", "ok"],
      ["perplexity", "ok"],
      ["gemini", "ok"],
      ["anthropic", "failed"],
    ]);
    expect(fakes.openai.requests.map((r) => [r.method, r.path])).toEqual([
      ["GET", "/v1/models/gpt-4.1-mini"],
    ]);
    expect(fakes.gemini.requests.map((r) => r.path)).toEqual([
      "/v1beta/models/gemini-3.5-flash-lite",
    ]);
    const anthropic = checks.find((c) => c.provider === "anthropic");
    expect(anthropic?.message).toContain("claude-sonnet-5-5 is refused");
    expect(anthropic?.message).toContain("(404)");
    expect(anthropic?.message).toContain(
      "check ANTHROPIC_API_KEY, or change the anthropic default in GEO_MODEL_CATALOG_FILE",
    );
    expect(checks.find((c) => c.provider === "perplexity")?.message).toBe(
      "serves sonar (by the catalog's dates: the provider has no model endpoint)",
    );
    const rows = await t.server.ctx.prisma.providerDefaultCheck.findMany({
      orderBy: { provider: "asc" },
    });
    expect(rows.map((r) => [r.provider, r.outcome])).toEqual([
      ["anthropic", "failed"],
      ["gemini", "ok"],
      ["openai", "ok"],
      ["perplexity", "ok"],
    ]);
    expect(t.logs.join("")).toContain("provider default models: claude-sonnet-5-5 is refused");
  });

  it("checks a provider once a period across processes, and again after it", async () => {
    const asked = fakes.openai.requests.length;
    expect(await checkProviderDefaults({ ctx: withProviders(env) })).toEqual([]);
    t.clock.advance(25 * 3_600_000);
    const again = await checkProviderDefaults({ ctx: withProviders(env) });
    expect(again.map((c) => [c.provider, c.outcome])).toEqual([
      ["openai", "ok"],
      ["perplexity", "ok"],
      ["gemini", "ok"],
      ["anthropic", "ok"],
    ]);
    expect(fakes.openai.requests.length).toBe(asked + 1);
  });

  it("skips providers without an operator key, and does nothing when turned off", async () => {
    t.clock.advance(25 * 3_600_000);
    expect(await checkProviderDefaults({ ctx: withProviders({}) })).toEqual([]);
    const on = withProviders(env);
    const off = { ...on, config: { ...on.config, providerCheckHours: 0 } };
    expect(await checkProviderDefaults({ ctx: off })).toEqual([]);
  });
});
