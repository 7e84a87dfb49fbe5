import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeStripe } from "../fakes/fake-stripe.js";
import type { TestServer } from "../harness/test-server.js";
import {
  checkout,
  credits,
  publicUrl,
  receipt,
  startBillingServer,
  stripeSecretKey,
} from "./billing-fixtures.js";

let stripe: FakeStripe;
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await startBillingServer(stripe);
  cookie = await t.signIn("buyer@example.com");
  slug = await t.createWorkspace(cookie, { brand: "buyer" });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});
beforeEach(() => {
  stripe.requests.length = 0;
});

describe("POST /api/v1/workspaces/{workspace}/billing/checkout", () => {
  it("creates a Stripe Checkout session for the amount in US cents", async () => {
    const response = await checkout(t, cookie, slug, 25_000_000);
    expect(response.status).toBe(201);
    const { workspaceId } = await credits(t, slug);
    const session = stripe.session(response.body.checkoutSessionId);
    expect(response.body).toEqual({ url: session.url, checkoutSessionId: session.id });
    expect(session.id).toMatch(/^cs_test_/);

    expect(stripe.requests).toHaveLength(1);
    const request = stripe.requests[0];
    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      authorization: `Bearer ${stripeSecretKey}`,
      idempotencyKey: expect.stringMatching(/^checkout_[0-9a-f-]{36}$/),
    });
    expect(request?.form).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "2500",
      "line_items[0][price_data][product_data][name]": "GEO Pulse credits",
      client_reference_id: workspaceId,
      "metadata[workspaceId]": workspaceId,
      "metadata[amountMicrousd]": "25000000",
    });
    expect(request?.form.success_url).toMatch(new RegExp(`^${publicUrl}/`));
    expect(request?.form.success_url).toContain("{CHECKOUT_SESSION_ID}");
    expect(request?.form.cancel_url).toMatch(new RegExp(`^${publicUrl}/`));
    expect(session.amount_total).toBe(2500);
  });

  it("records a pending receipt and audits it, without crediting anything", async () => {
    const before = await credits(t, slug);
    const response = await checkout(t, cookie, slug, 5_000_000);
    expect(response.status).toBe(201);
    const stored = await receipt(t, response.body.checkoutSessionId);
    const user = await t.server.ctx.prisma.user.findUniqueOrThrow({
      where: { email: "buyer@example.com" },
    });
    expect(stored).toMatchObject({
      amountMicrousd: 5_000_000n,
      status: "pending",
      url: response.body.url,
      createdByUserId: user.id,
      createdAt: t.clock.now(),
      completedAt: null,
    });
    const audit = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "billing.checkout", targetId: response.body.checkoutSessionId },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: "user", actorId: user.id });
    const after = await credits(t, slug);
    expect(after.posted).toBe(before.posted);
    expect(after.purchaseLots).toEqual([]);
  });

  it("gives every checkout its own idempotency key", async () => {
    await checkout(t, cookie, slug, 10_000_000);
    await checkout(t, cookie, slug, 10_000_000);
    const [first, second] = stripe.requests.map((request) => request.idempotencyKey);
    expect(first).toBeDefined();
    expect(first).not.toBe(second);
  });

  it("retries a Stripe 500 with the same idempotency key, then succeeds", async () => {
    stripe.fail(500, { type: "api_error", message: "Something went wrong on Stripe's end." });
    const response = await checkout(t, cookie, slug, 7_500_000);
    expect(response.status).toBe(201);
    expect(stripe.requests).toHaveLength(2);
    expect(stripe.requests[1]?.idempotencyKey).toBe(stripe.requests[0]?.idempotencyKey);
    expect((await receipt(t, response.body.checkoutSessionId)).amountMicrousd).toBe(7_500_000n);
  });
});
