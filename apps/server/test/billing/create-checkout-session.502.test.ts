import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
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
  cookie = await t.signIn("declined@example.com");
  slug = await t.createWorkspace(cookie, { brand: "declined" });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});
beforeEach(() => {
  stripe.requests.length = 0;
});

async function expectProviderError(): Promise<string> {
  const response = await checkout(t, cookie, slug, 20_000_000);
  expect(response.status).toBe(502);
  expect(response.body.error).toMatchObject({
    code: "payment_provider_error",
    message: "The payment provider could not start the checkout; try again later.",
  });
  expect(await t.server.ctx.prisma.checkoutReceipt.count()).toBe(0);
  return response.text;
}

describe("POST /api/v1/workspaces/{workspace}/billing/checkout when Stripe fails", () => {
  it("answers 502 for a Stripe refusal, without retrying or repeating Stripe's message", async () => {
    const secretMessage = "No such price: 'price_internal_42'";
    stripe.fail(400, {
      type: "invalid_request_error",
      message: secretMessage,
      code: "resource_missing",
    });
    const text = await expectProviderError();
    expect(text).not.toContain("price_internal_42");
    expect(stripe.requests).toHaveLength(1);
    // The operator's log keeps what Stripe said.
    const logged = t.logs.find((line) => line.includes("stripe checkout failed")) ?? "";
    expect(JSON.parse(logged)).toMatchObject({
      stripeErrorType: "invalid_request_error",
      stripeCode: "resource_missing",
      stripeStatus: 400,
    });
  });

  it("answers 502 for a rejected API key", async () => {
    stripe.fail(401, { type: "invalid_request_error", message: "Invalid API Key provided" });
    await expectProviderError();
  });

  it("answers 502 after retrying Stripe 500s twice with one idempotency key", async () => {
    stripe.fail(500, { type: "api_error", message: "Something went wrong." }, 3);
    await expectProviderError();
    expect(stripe.requests).toHaveLength(3);
    expect(new Set(stripe.requests.map((request) => request.idempotencyKey)).size).toBe(1);
  });

  it("answers 502 when Stripe cannot be reached", async () => {
    stripe.drop(3);
    await expectProviderError();
    expect(stripe.requests).toHaveLength(3);
  });
});
