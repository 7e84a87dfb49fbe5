import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeAnswerEngine } from "../fakes/fake-answer-engine.js";
import { openAiResponse } from "../fakes/provider-responses.js";
import { eventually } from "../harness/eventually.js";
import { useProviderEnv } from "../harness/provider-env.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedPrompts, useEngines, waitForRun } from "./run-fixtures.js";

/**
 * Cancelling a run stops the provider calls it has in flight: a request the provider never
 * answers (as a collection that takes minutes waits) is abandoned at the executor's next look at
 * the run, not left to its 10-minute timeout; the task stays pending, as those never asked do, and
 * nothing is charged for it.
 */
const openai = new FakeAnswerEngine((r) => openAiResponse(r.body.input, r.body.include));
let restoreEnv: () => void;
let t: TestServer;
let cookie: string;
let slug: string;

beforeAll(async () => {
  await openai.start();
  restoreEnv = useProviderEnv({ OPENAI_API_KEY: "sk-operator", OPENAI_BASE_URL: openai.url });
  t = await startTestServer({
    // The heartbeat (a quarter of the stall time) is what reads the cancel while nothing records.
    env: { GEO_ENGINE_TIMEOUT_MS: "600000", GEO_RUN_STALL_SECONDS: "10" },
  });
  cookie = await t.signIn("cancel-in-flight@example.com");
  slug = await t.createWorkspace(cookie, { brand: "runner", domains: ["runner.example"] });
  await seedPrompts(t, slug, 1);
});
afterAll(async () => {
  await t.close();
  await openai.close();
  restoreEnv();
});

describe("cancelling a run with a provider call in flight", () => {
  it("abandons the call, leaves its task pending and charges nothing", async () => {
    await useEngines(t, slug, cookie, { openai: "gpt-4.1-mini" });
    openai.hang();
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "lite" },
    });
    expect(started.status, started.text).toBe(202);
    const runId = started.body.runId as string;
    await eventually(async () => (openai.requests.length === 1 ? true : undefined), 30_000);
    const cancel = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs/${runId}/cancel`, {
      cookie,
    });
    expect(cancel.status, cancel.text).toBe(200);
    // Without the abort this waits for the 10-minute timeout and the test times out.
    const run = await waitForRun(t, slug, runId, cookie, 60_000);
    expect(run).toMatchObject({ status: "cancelled", costMicrousd: 0 });
    const rows = await t.server.ctx.prisma.engineResponse.findMany({ where: { runId } });
    expect(rows.map((r) => r.status)).toEqual(["pending"]);
    expect(openai.requests).toHaveLength(1);
  }, 90_000);
});
