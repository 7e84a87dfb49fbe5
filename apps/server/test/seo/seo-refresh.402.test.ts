import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../connections/connection-fixture.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-402");
});
afterAll(() => f.close());

describe("startSeoRefresh: 402", () => {
  it("refuses a refresh the balance cannot reserve, with what it needs, writing nothing", async () => {
    // A second workspace of the same person gets no free credit.
    const slug = await f.connectedWorkspace("seo-402-poor");
    const response = await f.refresh({ idempotencyKey: "poor" }, slug);
    expectError(response, 402, "insufficient_credits");
    expect(response.body.error.details).toEqual({
      requiredMicrousd: 40_000,
      availableMicrousd: 0,
    });
    expect(await f.t.server.ctx.prisma.seoRefresh.count()).toBe(0);
    const topUp = await f.t.request("POST", `/api/v1/workspaces/${slug}/credits/top-up`, {
      cookie: f.cookie,
      body: { amountMicrousd: 39_999, idempotencyKey: "almost" },
    });
    expect(topUp.status).toBe(200);
    const short = await f.refresh({}, slug);
    expectError(short, 402, "insufficient_credits");
    expect(short.body.error.details).toEqual({
      requiredMicrousd: 40_000,
      availableMicrousd: 39_999,
    });
  });
});
