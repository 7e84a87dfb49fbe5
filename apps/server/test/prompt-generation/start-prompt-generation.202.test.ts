import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { balanceOf, suggestionsOf, topUp, waitForFinish } from "./discovery-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  cookie = await t.signIn("generator@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await t.request("PUT", `/api/v1/workspaces/${slug}/profile`, {
    cookie,
    body: { description: null, category: "web analytics", positioning: null, markets: ["Spain"] },
  });
  await topUp(t, slug, cookie, 5_000_000);
});
afterAll(() => t.close());

const path = (id = "") => `/api/v1/workspaces/${slug}/prompt-generations${id ? `/${id}` : ""}`;

describe("a prompt generation on the simulated generator (no OpenAI key, local mode)", () => {
  it("is queued, executed through the job queue, stored as suggestions and settled once", async () => {
    const before = await balanceOf(t, slug, cookie);
    const started = await t.request<any>("POST", path(), {
      cookie,
      body: { count: 30, promptsPerCall: 10 },
    });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      status: "queued",
      generator: "simulated",
      simulated: true,
      requestedCount: 30,
      languages: ["en", "es"],
      callsPlanned: 4,
      callsMade: 0,
      reservedMicrousd: 1_000_000,
      costMicrousd: 0,
    });
    expect(started.body.targets.reduce((n: number, x: any) => n + x.count, 0)).toBe(30);

    const done = await waitForFinish(t, path(started.body.generationId), cookie);
    expect(done).toMatchObject({
      status: "succeeded",
      callsMade: 4,
      callsFailed: 0,
      costMicrousd: 4_000,
      error: null,
    });
    expect(done.suggestionCount + done.duplicatesSkipped).toBeGreaterThan(0);

    const suggestions = await suggestionsOf(
      t,
      slug,
      cookie,
      `generationId=${done.generationId}&status=pending`,
    );
    expect(suggestions).toHaveLength(done.suggestionCount);
    for (const s of suggestions) {
      expect(s).toMatchObject({ source: "generation", provider: "simulated", simulated: true });
      expect(["en", "es"]).toContain(s.language);
    }
    expect(suggestions.some((s) => s.text.includes("web analytics"))).toBe(true);
    const keys = suggestions.map((s) => `${s.language}:${s.text.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);

    const after = await balanceOf(t, slug, cookie);
    expect(after).toEqual({
      ...after,
      postedMicrousd: before.postedMicrousd - 4_000,
      heldMicrousd: 0,
    });
    const usage = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/usage`, {
      cookie,
    });
    expect(
      usage.body.operations.find((o: any) => o.operationId === done.generationId),
    ).toMatchObject({
      operation: "prompt_generation",
      status: "settled",
      spentMicrousd: 4_000,
      heldMicrousd: 0,
    });
  });

  it("returns the same generation for a retry with the same idempotency key", async () => {
    const body = { count: 2, languages: ["en"], idempotencyKey: "gen-1" };
    const first = await t.request<any>("POST", path(), { cookie, body });
    const second = await t.request<any>("POST", path(), { cookie, body });
    expect(second.status).toBe(202);
    expect(second.body.generationId).toBe(first.body.generationId);
    const reused = await t.request<any>("POST", path(), {
      cookie,
      body: { ...body, count: 3 },
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("idempotency_key_reused");
    await waitForFinish(t, path(first.body.generationId), cookie);
  });

  it("lists generations newest first and hides them from other workspaces", async () => {
    const list = await t.request<any>("GET", `${path()}?limit=1`, { cookie });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.nextCursor).not.toBeNull();
    const id = list.body.data[0].generationId;
    const other = await t.signIn("other-generator@example.com");
    const otherSlug = await t.createWorkspace(other, { brand: "other" });
    const foreign = await t.request<any>(
      "GET",
      `/api/v1/workspaces/${otherSlug}/prompt-generations/${id}`,
      { cookie: other },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");
  });
});
