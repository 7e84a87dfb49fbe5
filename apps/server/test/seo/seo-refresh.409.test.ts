import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../connections/connection-fixture.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-409");
});
afterAll(() => f.close());

describe("startSeoRefresh: 409 and idempotency", () => {
  it("refuses a workspace without a configured connection", async () => {
    const slug = await f.t.createWorkspace(f.cookie, { brand: "seo-409-bare" });
    const response = await f.refresh({}, slug);
    expectError(response, 409, "connection_not_configured");
    expect(await f.t.server.ctx.prisma.seoRefresh.count()).toBe(0);
  });

  it("answers a retry with the first refresh, and refuses the key with another body", async () => {
    const body = { from: "2026-01-01", to: "2026-01-31", idempotencyKey: "seo-once" };
    const first = await f.refresh(body);
    expect(first.status, first.text).toBe(202);
    const again = await f.refresh(body);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(await f.t.server.ctx.prisma.seoRefresh.count()).toBe(1);
    const other = await f.refresh({ ...body, to: "2026-01-30" });
    expectError(other, 409, "idempotency_key_reused");
  });

  it("skips a source without a credential and pulls the other", async () => {
    const slug = await f.connectedWorkspace("seo-409-one");
    const off = await f.t.request("DELETE", `/api/v1/workspaces/${slug}/connections/analytics`, {
      cookie: f.cookie,
    });
    expect(off.status).toBe(200);
    const topUp = await f.t.request("POST", `/api/v1/workspaces/${slug}/credits/top-up`, {
      cookie: f.cookie,
      body: { amountMicrousd: 1_000_000, idempotencyKey: "one-source" },
    });
    expect(topUp.status).toBe(200);
    const response = await f.refresh({}, slug);
    expect(response.status, response.text).toBe(202);
    expect(response.body).toMatchObject({
      progress: [{ source: "search_console" }],
      skippedSources: [{ source: "analytics", reason: expect.stringContaining("credential") }],
      reservedMicrousd: 20_000,
    });
  });
});
