import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutEvent, type FakeCheckoutSession, FakeStripe } from "../fakes/fake-stripe.js";
import type { TestServer } from "../harness/test-server.js";
import { checkout, credits, deliver, receipt, startBillingServer } from "./billing-fixtures.js";

let stripe: FakeStripe;
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await startBillingServer(stripe);
  cookie = await t.signIn("payer@example.com");
  slug = await t.createWorkspace(cookie, { brand: "payer" });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

const paid = { payment_status: "paid", status: "complete" } as const;

async function newSession(amountMicrousd: number) {
  const response = await checkout(t, cookie, slug, amountMicrousd);
  expect(response.status).toBe(201);
  return stripe.session(response.body.checkoutSessionId);
}

async function expectAcknowledged(event: Record<string, unknown>): Promise<void> {
  const response = await deliver(t, event);
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ received: true });
}

describe("POST /api/v1/webhooks/stripe", () => {
  it("credits a paid checkout once, from the receipt, and marks the receipt succeeded", async () => {
    const session = await newSession(30_000_000);
    const before = await credits(t, slug);
    t.clock.advance(60_000);
    const event = checkoutEvent("checkout.session.completed", session, paid);
    await expectAcknowledged(event);
    await expectAcknowledged(event); // Stripe redelivers

    const after = await credits(t, slug);
    expect(after.posted - before.posted).toBe(30_000_000n);
    expect(after.purchaseLots).toHaveLength(1);
    expect(after.purchaseLots[0]).toMatchObject({
      checkoutSessionId: session.id,
      amountMicrousd: 30_000_000n,
      remainingMicrousd: 30_000_000n,
      expiresAt: null,
    });
    const prisma = t.server.ctx.prisma;
    const entries = await prisma.creditLedgerEntry.findMany({
      where: { lotId: after.purchaseLots[0]?.id },
    });
    expect(entries).toEqual([
      expect.objectContaining({ kind: "purchase", postedDeltaMicrousd: 30_000_000n }),
    ]);
    expect(await receipt(t, session.id)).toMatchObject({
      status: "succeeded",
      completedAt: t.clock.now(),
    });
    const audit = await prisma.auditEvent.findMany({
      where: { action: "billing.purchase", targetId: session.id },
    });
    expect(audit).toEqual([
      expect.objectContaining({ actorType: "system", workspaceId: after.workspaceId }),
    ]);
  });

  it("credits once when the same session arrives in different events", async () => {
    const session = await newSession(12_340_000);
    const before = await credits(t, slug);
    await expectAcknowledged(checkoutEvent("checkout.session.completed", session, paid));
    await expectAcknowledged(checkoutEvent("checkout.session.completed", session, paid));
    await expectAcknowledged(
      checkoutEvent("checkout.session.async_payment_succeeded", session, paid),
    );
    const after = await credits(t, slug);
    expect(after.posted - before.posted).toBe(12_340_000n);
    expect(after.purchaseLots.filter((lot) => lot.checkoutSessionId === session.id)).toHaveLength(
      1,
    );
  });

  it("waits for the money of a delayed payment method", async () => {
    const session = await newSession(8_000_000);
    const before = await credits(t, slug);
    await expectAcknowledged(
      checkoutEvent("checkout.session.completed", session, {
        status: "complete",
        payment_status: "unpaid",
      }),
    );
    expect((await credits(t, slug)).posted).toBe(before.posted);
    expect((await receipt(t, session.id)).status).toBe("pending");

    await expectAcknowledged(
      checkoutEvent("checkout.session.async_payment_succeeded", session, paid),
    );
    expect((await credits(t, slug)).posted - before.posted).toBe(8_000_000n);
    expect((await receipt(t, session.id)).status).toBe("succeeded");
  });

  it("marks an expired or asynchronously failed session failed, never a succeeded one", async () => {
    const expired = await newSession(6_000_000);
    await expectAcknowledged(
      checkoutEvent("checkout.session.expired", expired, { status: "expired" }),
    );
    expect(await receipt(t, expired.id)).toMatchObject({ status: "failed", completedAt: null });
    const audit = await t.server.ctx.prisma.auditEvent.count({
      where: { action: "billing.checkout_failed", targetId: expired.id },
    });
    expect(audit).toBe(1);

    const declined = await newSession(6_000_000);
    await expectAcknowledged(checkoutEvent("checkout.session.async_payment_failed", declined));
    expect((await receipt(t, declined.id)).status).toBe("failed");

    const done = await newSession(6_000_000);
    await expectAcknowledged(checkoutEvent("checkout.session.completed", done, paid));
    await expectAcknowledged(
      checkoutEvent("checkout.session.expired", done, { status: "expired" }),
    );
    expect((await receipt(t, done.id)).status).toBe("succeeded");
  });

  it("acknowledges and ignores other event types", async () => {
    const session = await newSession(9_000_000);
    const before = await credits(t, slug);
    for (const type of ["payment_intent.succeeded", "charge.succeeded", "customer.created"]) {
      await expectAcknowledged(checkoutEvent(type, session, paid));
    }
    expect(await credits(t, slug)).toEqual(before);
    expect((await receipt(t, session.id)).status).toBe("pending");
  });

  it("acknowledges a paid session it has no receipt for, and logs it", async () => {
    const before = await credits(t, slug);
    const session = { ...(await newSession(9_000_000)), id: "cs_test_unknown_to_us" };
    await expectAcknowledged(checkoutEvent("checkout.session.completed", session, paid));
    expect(await credits(t, slug)).toEqual(before);
    expect(t.logs.join("")).toContain("paid checkout session has no receipt");
  });

  it.each([
    ["amount_total", (s: FakeCheckoutSession) => ({ amount_total: s.amount_total * 2 })],
    ["currency", () => ({ currency: "eur" })],
    [
      "metadata amount",
      (s: FakeCheckoutSession) => ({ metadata: { ...s.metadata, amountMicrousd: "500000000" } }),
    ],
    [
      "metadata workspace",
      (s: FakeCheckoutSession) => ({ metadata: { ...s.metadata, workspaceId: "ws_someone_else" } }),
    ],
  ])("does not credit when the event's %s disagrees with the receipt", async (_what, change) => {
    const session = await newSession(15_000_000);
    const before = await credits(t, slug);
    const event = checkoutEvent("checkout.session.completed", session, {
      ...paid,
      ...change(session),
    });
    await expectAcknowledged(event);
    expect(await credits(t, slug)).toEqual(before);
    expect((await receipt(t, session.id)).status).toBe("pending");
    expect(t.logs.join("")).toContain("disagrees with its receipt");
  });
});
