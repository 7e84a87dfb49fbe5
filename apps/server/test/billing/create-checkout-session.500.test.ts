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
  cookie = await t.signIn("orphan@example.com");
  slug = await t.createWorkspace(cookie, { brand: "orphan" });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

describe("a checkout session whose receipt cannot be recorded", () => {
  it("is expired at Stripe, so it can never be paid without being credited", async () => {
    // A receipt row already holds the id Stripe gives the new session: the insert fails.
    const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const user = await t.server.ctx.prisma.user.findFirstOrThrow();
    await t.server.ctx.prisma.checkoutReceipt.create({
      data: {
        checkoutSessionId: "cs_test_taken",
        workspaceId: workspace.id,
        amountMicrousd: 5_000_000n,
        status: "failed",
        url: "https://checkout.stripe.test/c/pay/old",
        createdByUserId: user.id,
        createdAt: t.clock.now(),
      },
    });
    stripe.nextSessionId = "cs_test_taken";

    const response = await checkout(t, cookie, slug, 20_000_000);
    expect(response.status).toBe(500);
    expect(response.body.error.code).toBe("internal_error");
    expect(stripe.requests.map((r) => [r.method, r.path])).toEqual([
      ["POST", "/v1/checkout/sessions"],
      ["POST", "/v1/checkout/sessions/cs_test_taken/expire"],
    ]);
    expect(stripe.session("cs_test_taken").status).toBe("expired");
    // Nothing half-written: the old receipt as it was, no audit record of a checkout.
    const receipts = await t.server.ctx.prisma.checkoutReceipt.findMany();
    expect(receipts).toEqual([expect.objectContaining({ amountMicrousd: 5_000_000n })]);
    expect(
      await t.server.ctx.prisma.auditEvent.count({ where: { action: "billing.checkout" } }),
    ).toBe(0);
  });
});
