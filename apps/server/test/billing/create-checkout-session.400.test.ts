import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeStripe } from "../fakes/fake-stripe.js";
import type { TestServer } from "../harness/test-server.js";
import { checkout, startBillingServer } from "./billing-fixtures.js";

let stripe: FakeStripe;
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await startBillingServer(stripe);
  cookie = await t.signIn("bounds@example.com");
  slug = await t.createWorkspace(cookie, { brand: "bounds" });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

describe("POST /api/v1/workspaces/{workspace}/billing/checkout, amount bounds", () => {
  it.each([5_000_000, 500_000_000])("accepts %i micro-USD", async (amount) => {
    const response = await checkout(t, cookie, slug, amount);
    expect(response.status).toBe(201);
  });

  it.each([
    [4_990_000, "minimum", "must be >= 5000000"],
    [500_010_000, "maximum", "must be <= 500000000"],
    [5_005_000, "multipleOf", "must be multiple of 10000"],
  ])("refuses %i micro-USD (%s)", async (amount, rule, message) => {
    const calls = stripe.requests.length;
    const response = await checkout(t, cookie, slug, amount);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
    expect(response.body.error.details.fields).toEqual([
      { field: "body.amountMicrousd", rule, message },
    ]);
    expect(stripe.requests).toHaveLength(calls);
  });

  it("refuses a missing amount, a string and extra fields", async () => {
    const missing = await t.request("POST", `/api/v1/workspaces/${slug}/billing/checkout`, {
      cookie,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.fields).toEqual([
      expect.objectContaining({ field: "body.amountMicrousd", rule: "required" }),
    ]);
    const text = await checkout(t, cookie, slug, "5000000");
    expect(text.status).toBe(400);
    expect(text.body.error.details.fields[0]).toMatchObject({
      field: "body.amountMicrousd",
      rule: "type",
    });
    const extra = await t.request("POST", `/api/v1/workspaces/${slug}/billing/checkout`, {
      cookie,
      body: { amountMicrousd: 5_000_000, currency: "eur" },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.details.fields[0]).toMatchObject({
      field: "body.currency",
      rule: "additionalProperties",
    });
    expect(await t.server.ctx.prisma.checkoutReceipt.count()).toBe(2);
  });
});
