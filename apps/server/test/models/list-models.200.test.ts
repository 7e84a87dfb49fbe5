import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REAL_ENGINE_IDS } from "../../src/engines/engine-registry.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  const file = join(tmpdir(), `geo-models-${process.pid}-${Date.now()}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      providers: {
        openai: {
          defaults: { chat: "gpt-5-mini" },
          models: [
            {
              id: "gpt-5-mini",
              uses: ["answers", "chat"],
              prices: { inputPerMillion: 250_000, outputPerMillion: 2_000_000, perSearch: 10_000 },
              status: "active",
              releasedAt: "2025-08-07",
            },
          ],
        },
      },
    }),
  );
  t = await startTestServer({ env: { GEO_MODEL_CATALOG_FILE: file } });
  cookie = await t.signIn("models-reader@example.com");
  slug = await t.createWorkspace(cookie, { brand: "models" });
});
afterAll(() => t.close());

describe("GET /api/v1/models: 200", () => {
  it("lists the catalog by provider and id, with prices, uses, defaults and the operator's models", async () => {
    const response = await t.request<any>("GET", "/api/v1/models", { cookie });
    expect(response.status, response.text).toBe(200);
    const models = response.body.data as any[];
    expect(models.map((m) => `${m.provider}/${m.id}`)).toEqual(
      [...models.map((m) => `${m.provider}/${m.id}`)].sort(),
    );
    expect(models.find((m) => m.id === "gpt-4.1-mini")).toEqual({
      provider: "openai",
      id: "gpt-4.1-mini",
      aliases: [],
      uses: ["answers", "chat", "prompts"],
      // The operator's file made gpt-5-mini the chat default.
      defaultFor: ["answers", "prompts"],
      prices: {
        inputPerMillion: 400_000,
        outputPerMillion: 1_600_000,
        perSearch: 10_000,
        perGroundedRequest: 0,
        perRequest: 0,
      },
      status: "active",
      releasedAt: "2025-04-14",
      deprecatedAt: null,
      retiresAt: null,
    });
    expect(models.find((m) => m.id === "gpt-5-mini")).toMatchObject({
      provider: "openai",
      defaultFor: ["chat"],
    });
    // A retired model stays listed, so old answers keep their model; it is no default.
    expect(models.find((m) => m.id === "claude-sonnet-4")).toMatchObject({
      aliases: ["claude-sonnet-4-0", "claude-sonnet-4-20250514"],
      status: "retired",
      retiresAt: "2026-06-15",
      defaultFor: [],
    });
    expect(models.find((m) => m.id === "claude-sonnet-5-5")).toMatchObject({
      defaultFor: ["answers", "chat"],
    });
    expect(new Set(models.map((m) => m.provider))).toEqual(new Set(REAL_ENGINE_IDS));
    // The defaults of a workspace that stored none come from the catalog.
    const model = await t.request<any>("GET", `/api/v1/workspaces/${slug}/model`, { cookie });
    expect(model.body.assistant).toEqual({ provider: "openai", model: "gpt-5-mini" });
  });

  it("a key with settings:read may list; one without it gets 403 insufficient_scope", async () => {
    const reader = (await t.mintKey(cookie, slug, ["settings:read"])).secret;
    const other = (await t.mintKey(cookie, slug, ["prompts:read"])).secret;
    const ok = await t.request<any>("GET", "/api/v1/models", { bearer: reader });
    expect(ok.status).toBe(200);
    const denied = await t.request<any>("GET", "/api/v1/models", { bearer: other });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatchObject({
      code: "insufficient_scope",
      details: { requiredScope: "settings:read" },
    });
    expect((await t.request<any>("GET", "/api/v1/models")).status).toBe(401);
  });
});
