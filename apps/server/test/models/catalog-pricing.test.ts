import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinModelCatalog } from "../../src/engines/catalog/model-catalog.js";
import { REAL_ENGINES } from "../../src/engines/engine-registry.js";
import {
  anthropicResponse,
  exaResponse,
  FakeAnswerEngine,
  geminiResponse,
  openAiResponse,
  perplexityResponse,
  type RecordedEngineRequest,
} from "../fakes/fake-answer-engine.js";
import { grokResponse } from "../fakes/xai-responses.js";
import { useProviderEnv } from "../harness/provider-env.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts, waitForRun } from "../runs/run-fixtures.js";

/**
 * Every provider, through a real run against its fake: a catalog model's answer is charged the
 * catalog's list prices times the usage the fake reports (the ledger says the same), never the
 * total a provider states (Exa, Perplexity), and a model an operator's GEO_MODEL_CATALOG_FILE
 * adds is accepted, sent and priced the same way.
 */
type Provider = "openai" | "perplexity" | "anthropic" | "gemini" | "exa" | "grok";
interface Usage {
  input: number;
  output: number;
  searches: number;
  grounded: number;
  requests: number;
  contextSize?: "low" | "medium" | "high";
}

const fakes: Record<Provider, FakeAnswerEngine> = {
  openai: new FakeAnswerEngine((r) => openAiResponse(r.body.input, r.body.include)),
  perplexity: new FakeAnswerEngine((r) => perplexityResponse(r.body.messages.at(-1).content)),
  anthropic: new FakeAnswerEngine((r) => anthropicResponse(r.body.messages[0].content)),
  gemini: new FakeAnswerEngine((r) => geminiResponse(r.body.contents[0].parts[0].text)),
  exa: new FakeAnswerEngine((r) => exaResponse(r.body.query)),
  grok: new FakeAnswerEngine((r) => grokResponse(r.body)),
};
/** What each fake reports per answer (fakes/fake-answer-engine.ts). */
const reported: Record<Provider, Usage> = {
  openai: { input: 1200, output: 350, searches: 2, grounded: 0, requests: 1 },
  perplexity: { input: 20, output: 180, searches: 1, grounded: 0, requests: 1, contextSize: "low" },
  anthropic: { input: 5000, output: 400, searches: 1, grounded: 0, requests: 1 },
  gemini: { input: 10, output: 400, searches: 0, grounded: 1, requests: 1 },
  exa: { input: 0, output: 0, searches: 0, grounded: 0, requests: 1 },
  grok: { input: 4144, output: 350, searches: 2, grounded: 0, requests: 1 },
};
/**
 * What the providers' own bills state (Exa's costDollars.total, Perplexity's usage.cost.total_cost,
 * xAI's usage.cost_in_usd_ticks at grok-4.3's prices), in micro-USD: never charged.
 */
const stated: Partial<Record<Provider, number>> = { exa: 7_000, perplexity: 6_200, grok: 14_039 };
/** The model each provider's request names, as the fake received it. */
const sentModel: Record<Provider, (r: RecordedEngineRequest) => string | undefined> = {
  openai: (r) => r.body.model,
  perplexity: (r) => r.body.model,
  anthropic: (r) => r.body.model,
  gemini: (r) => /\/models\/([^:]+):generateContent/.exec(r.path)?.[1],
  exa: () => undefined,
  grok: (r) => r.body.model,
};

/** Models the built-in catalog does not have (and one price it replaces), in micro-USD. */
const operatorFile = {
  providers: {
    openai: {
      models: [
        {
          id: "gpt-5-mini",
          uses: ["answers", "chat"],
          prices: { inputPerMillion: 250_000, outputPerMillion: 2_000_000, perSearch: 10_000 },
        },
      ],
    },
    anthropic: {
      models: [
        {
          id: "claude-3-5-haiku",
          apiModel: "claude-3-5-haiku-latest",
          uses: ["answers"],
          prices: { inputPerMillion: 800_000, outputPerMillion: 4_000_000, perSearch: 10_000 },
        },
      ],
    },
    gemini: {
      models: [
        {
          id: "gemini-2.0-flash",
          uses: ["answers"],
          prices: {
            inputPerMillion: 100_000,
            outputPerMillion: 400_000,
            perGroundedRequest: 35_000,
          },
        },
      ],
    },
    perplexity: {
      models: [
        {
          id: "sonar-reasoning-pro",
          uses: ["answers"],
          prices: { inputPerMillion: 2_000_000, outputPerMillion: 8_000_000, perRequest: 6_000 },
        },
      ],
    },
    // The same id replaces the built-in entry.
    exa: { models: [{ id: "exa", uses: ["answers"], prices: { perRequest: 8_000 } }] },
    grok: {
      models: [
        {
          id: "grok-5",
          uses: ["answers"],
          prices: { inputPerMillion: 3_000_000, outputPerMillion: 12_000_000, perSearch: 5_000 },
        },
      ],
    },
  },
};

const added: Record<Provider, { id: string; sent?: string }> = {
  openai: { id: "gpt-5-mini", sent: "gpt-5-mini" },
  anthropic: { id: "claude-3-5-haiku", sent: "claude-3-5-haiku-latest" },
  gemini: { id: "gemini-2.0-flash", sent: "gemini-2.0-flash" },
  perplexity: { id: "sonar-reasoning-pro", sent: "sonar-reasoning-pro" },
  exa: { id: "exa" },
  grok: { id: "grok-5", sent: "grok-5" },
};
const builtIn: Record<Provider, { id: string; sent?: string }> = {
  openai: { id: "gpt-4o", sent: "gpt-4o" },
  anthropic: { id: "claude-opus-5-5", sent: "claude-opus-5-5" },
  gemini: { id: "gemini-2.5-pro", sent: "gemini-2.5-pro" },
  perplexity: { id: "sonar-pro", sent: "sonar-pro" },
  exa: { id: "exa" },
  grok: { id: "grok-4.6", sent: "grok-4.6" },
};

let t: TestServer;
let cookie: string;
let slug: string;
let restoreEnv: () => void;
const weights = { visibility: 0.4, shareOfVoice: 0.3, position: 0.15, citation: 0.15 };

beforeAll(async () => {
  const file = join(tmpdir(), `geo-catalog-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(operatorFile));
  const env: Record<string, string> = {};
  for (const [provider, fake] of Object.entries(fakes)) {
    await fake.start();
    const { envPrefix } = REAL_ENGINES[provider as Provider];
    env[`${envPrefix}_API_KEY`] = `key-${provider}`;
    env[`${envPrefix}_BASE_URL`] = fake.url;
  }
  restoreEnv = useProviderEnv(env);
  t = await startTestServer({
    env: { GEO_QUEUE_POLL_SECONDS: "0.5", GEO_MODEL_CATALOG_FILE: file },
  });
  cookie = await t.signIn("catalog-pricing@example.com");
  slug = await t.createWorkspace(cookie, { brand: "runner" });
  await seedPrompts(t, slug, 2);
});
afterAll(async () => {
  await t.close();
  for (const fake of Object.values(fakes)) await fake.close();
  restoreEnv();
});

/** The catalog's list prices times the usage, written out: tokens rounded up to a micro-USD. */
function expectedCost(provider: Provider, id: string): number {
  const model = t.server.ctx.config.modelCatalog.find(provider, id);
  if (!model) throw new Error(`${provider}/${id} is not in the catalog`);
  const p = model.prices;
  const u = reported[provider];
  const tokens = Math.ceil(
    (u.input * Number(p.inputPerMillion) + u.output * Number(p.outputPerMillion)) / 1_000_000,
  );
  return (
    tokens +
    u.searches * Number(p.perSearch) +
    u.grounded * Number(p.perGroundedRequest) +
    u.requests *
      Number(
        u.contextSize ? (p.perRequestByContextSize?.[u.contextSize] ?? p.perRequest) : p.perRequest,
      )
  );
}

const posted = async () =>
  (await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, { cookie })).body
    .postedMicrousd as number;

async function runWith(provider: Provider, model: { id: string; sent?: string }) {
  const put = await t.request<any>("PUT", `/api/v1/workspaces/${slug}/model`, {
    cookie,
    body: { engines: [{ engine: provider, model: model.id, enabled: true }], weights },
  });
  expect(put.status, put.text).toBe(200);
  const before = await posted();
  const seen = fakes[provider].requests.length;
  const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
    cookie,
    body: { preset: provider === "exa" ? "exa" : "lite" },
  });
  expect(started.status, started.text).toBe(202);
  expect(started.body).toMatchObject({ engines: [provider], simulated: false });
  const run = await waitForRun(t, slug, started.body.runId, cookie);
  expect(run.status).toBe("succeeded");
  const answers = (
    await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${run.runId}/responses`, {
      cookie,
    })
  ).body.data as any[];
  expect(answers).toHaveLength(2);
  const price = expectedCost(provider, model.id);
  expect(price).toBeGreaterThan(0);
  if (stated[provider] !== undefined) expect(price).not.toBe(stated[provider]);
  for (const answer of answers) {
    expect(answer).toMatchObject({ engine: provider, model: model.id, costMicrousd: price });
  }
  expect(run.costMicrousd).toBe(2 * price);
  expect(before - (await posted())).toBe(2 * price);
  for (const request of fakes[provider].requests.slice(seen)) {
    expect(sentModel[provider](request)).toBe(model.sent);
  }
}

describe.each(Object.keys(fakes) as Provider[])("%s: every charge is the catalog's", (provider) => {
  it("a built-in catalog model is charged list price × the usage the fake reports", async () => {
    await runWith(provider, builtIn[provider]);
  });

  it("a model the operator's catalog file adds is accepted, sent and priced by the file", async () => {
    if (provider !== "exa")
      expect(builtinModelCatalog.find(provider, added[provider].id)).toBe(undefined);
    await runWith(provider, added[provider]);
  });

  it("an unlisted model is refused with 400 naming the field; no provider is called", async () => {
    const seen = fakes[provider].requests.length;
    const response = await t.request<any>("PUT", `/api/v1/workspaces/${slug}/model`, {
      cookie,
      body: {
        engines: [{ engine: provider, model: `${provider}-unlisted-9`, enabled: true }],
        weights,
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields).toEqual([
      expect.objectContaining({ field: "body.engines[0].model", rule: "catalog" }),
    ]);
    expect(response.body.error.details.allowed["body.engines[0].model"]).toContain(
      added[provider].id,
    );
    expect(fakes[provider].requests.length).toBe(seen);
  });
});
