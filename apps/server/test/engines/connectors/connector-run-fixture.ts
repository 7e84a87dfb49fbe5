import { afterAll, beforeAll, expect } from "vitest";
import { REAL_ENGINES } from "../../../src/engines/engine-registry.js";
import type { FakeAnswerEngine } from "../../fakes/fake-answer-engine.js";
import { useProviderEnv } from "../../harness/provider-env.js";
import { startTestServer, type TestServer } from "../../harness/test-server.js";
import { seedPrompts, waitForRun } from "../../runs/run-fixtures.js";

export interface ConnectorRunFixture {
  t: TestServer;
  cookie: string;
  slug: string;
}

/**
 * A server whose only provider is `provider`, asked at `baseUrl()` (a fake started by
 * `start`), with a workspace (brand `runner`, domain runner.example, the default competitors
 * Globex and Initech) holding `promptCount` prompts and, unless `storeKey` is false, the
 * provider's key. Operator provider keys and addresses are removed from the environment for the
 * file and restored after it. Registers its own beforeAll/afterAll.
 */
export function connectorRunFixture(options: {
  provider: "openai" | "anthropic" | "gemini" | "perplexity" | "grok";
  start: () => Promise<unknown>;
  close: () => Promise<unknown>;
  baseUrl: () => string;
  env?: () => Record<string, string>;
  promptCount: number;
  storeKey?: string | false;
  email: string;
}): ConnectorRunFixture {
  const fixture = {} as ConnectorRunFixture;
  let restoreEnv: () => void;
  beforeAll(async () => {
    await options.start();
    restoreEnv = useProviderEnv({
      [`${REAL_ENGINES[options.provider].envPrefix}_BASE_URL`]: options.baseUrl(),
    });
    fixture.t = await startTestServer({ env: options.env?.() ?? {} });
    fixture.cookie = await fixture.t.signIn(options.email);
    fixture.slug = await fixture.t.createWorkspace(fixture.cookie, {
      brand: "runner",
      domains: ["runner.example"],
    });
    await seedPrompts(fixture.t, fixture.slug, options.promptCount);
    if (options.storeKey !== false) {
      const stored = await fixture.t.request<any>(
        "POST",
        `/api/v1/workspaces/${fixture.slug}/credentials`,
        {
          cookie: fixture.cookie,
          body: { connector: options.provider, key: "api_key", value: options.storeKey },
        },
      );
      expect(stored.status).toBeLessThan(300);
    }
  });
  afterAll(async () => {
    await fixture.t.close();
    await options.close();
    restoreEnv();
  });
  return fixture;
}

/**
 * Queues `replies` on the fake (one a task), runs a lite run to its end, and returns the run,
 * its answers as the API lists them, and how many requests the fake received meanwhile.
 */
export async function liteRunAnswering(
  { t, cookie, slug }: ConnectorRunFixture,
  fake: FakeAnswerEngine,
  replies: FakeAnswerEngine["replies"],
): Promise<{ run: any; answers: any[]; requests: number }> {
  const seen = fake.requests.length;
  fake.replies.push(...replies);
  const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
    cookie,
    body: { preset: "lite" },
  });
  const run = await waitForRun(t, slug, started.body.runId, cookie);
  const listed = await t.request<any>(
    "GET",
    `/api/v1/workspaces/${slug}/runs/${run.runId}/responses?limit=100`,
    { cookie },
  );
  return { run, answers: listed.body.data as any[], requests: fake.requests.length - seen };
}
