import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../src/index.js";
import { FakeApi } from "./fake-api.js";

let api: FakeApi;
beforeAll(async () => {
  api = await new FakeApi().start();
});
afterAll(() => api.stop());

const workspace = (slug: string) => ({
  slug,
  brand: slug,
  displayName: slug,
  role: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});

describe("pagination", () => {
  it("iterates every page lazily, passing the cursor on", async () => {
    api.replies.push(
      { status: 200, body: { data: [workspace("a"), workspace("b")], nextCursor: "c1" } },
      { status: 200, body: { data: [workspace("c")], nextCursor: null } },
    );
    const gp = createClient({ baseUrl: api.url, apiKey: "k" });
    const slugs: string[] = [];
    for await (const ws of gp.workspaces.list({ limit: 2 })) slugs.push(ws.slug);
    expect(slugs).toEqual(["a", "b", "c"]);
    expect(api.seen.map((r) => r.path)).toEqual([
      "/api/v1/workspaces?limit=2",
      "/api/v1/workspaces?limit=2&cursor=c1",
    ]);
  });

  it("stops fetching when the loop stops", async () => {
    api.seen.length = 0;
    api.replies.push({
      status: 200,
      body: { data: [workspace("a"), workspace("b")], nextCursor: "c1" },
    });
    const gp = createClient({ baseUrl: api.url, apiKey: "k" });
    for await (const ws of gp.workspaces.list()) {
      expect(ws.slug).toBe("a");
      break;
    }
    expect(api.seen).toHaveLength(1);
  });
});

describe("one page whole", () => {
  it("`page(cursor?)` answers a page with what the list says of all its pages", async () => {
    api.seen.length = 0;
    const page = (data: unknown[], nextCursor: string | null) => ({
      status: 200,
      body: { from: "2026-04-08", to: "2026-04-08", total: 3, data, nextCursor },
    });
    api.replies.push(page([{ responseId: "rsp_1" }], "c1"), page([{ responseId: "rsp_2" }], null));
    const gp = createClient({ baseUrl: api.url, apiKey: "k" });
    const answers = gp.answers.list("acme", { match: "mentioned", entity: "self", limit: 1 });
    const first = await answers.page();
    expect(first.total).toBe(3);
    const second = await answers.page(first.nextCursor ?? undefined);
    expect(second.nextCursor).toBeNull();
    expect(api.seen.map((r) => r.path)).toEqual([
      "/api/v1/workspaces/acme/answers?match=mentioned&entity=self&limit=1",
      "/api/v1/workspaces/acme/answers?match=mentioned&entity=self&limit=1&cursor=c1",
    ]);
  });
});

describe("typed errors from the envelope", () => {
  it("maps each status to its class with the envelope's fields", async () => {
    const { InsufficientCreditsError, ConflictError, ApiError, GeoPulseError } = await import(
      "../src/index.js"
    );
    const gp = createClient({ baseUrl: api.url, apiKey: "k", maxRetries: 0 });
    api.replies.push({
      status: 402,
      body: {
        error: {
          code: "insufficient_credits",
          message: "m",
          details: { requiredMicrousd: 720_000, availableMicrousd: 5 },
          requestId: "req_1",
        },
      },
    });
    const credits = await gp.credits.balance("acme").catch((e: unknown) => e);
    expect(credits).toBeInstanceOf(InsufficientCreditsError);
    expect(credits).toMatchObject({
      requiredMicrousd: 720_000,
      availableMicrousd: 5,
      requestId: "req_1",
    });
    api.replies.push({
      status: 409,
      body: { error: { code: "idempotency_key_reused", message: "m", requestId: "req_2" } },
    });
    expect(await gp.credits.balance("acme").catch((e: unknown) => e)).toBeInstanceOf(ConflictError);
    api.replies.push({ status: 500 });
    const bare = await gp.credits.balance("acme").catch((e: unknown) => e);
    expect(bare).toBeInstanceOf(ApiError);
    expect(bare).toBeInstanceOf(GeoPulseError);
    expect(bare).toMatchObject({ code: "http_500", status: 500 });
  });
});
