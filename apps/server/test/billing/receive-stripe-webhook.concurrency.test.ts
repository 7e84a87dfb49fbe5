import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutEvent, FakeStripe, signedWebhook } from "../fakes/fake-stripe.js";
import type { TestServer } from "../harness/test-server.js";
import {
  checkout,
  credits,
  nowSeconds,
  receipt,
  startBillingServer,
  webhookSecret,
} from "./billing-fixtures.js";

let stripe: FakeStripe;
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await startBillingServer(stripe);
  cookie = await t.signIn("racer@example.com");
  slug = await t.createWorkspace(cookie, { brand: "racer" });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

const paid = { payment_status: "paid", status: "complete" } as const;

async function paidSession(amountMicrousd: number) {
  const response = await checkout(t, cookie, slug, amountMicrousd);
  expect(response.status).toBe(201);
  return stripe.session(response.body.checkoutSessionId);
}

/** Delivers each signed event `copies` times, all at once. */
async function race(events: Array<Record<string, unknown>>, copies: number) {
  const deliveries = events.map((event) => signedWebhook(event, webhookSecret, nowSeconds(t)));
  const responses = await Promise.all(
    Array.from({ length: copies }, (_, i) =>
      t.request("POST", "/api/v1/webhooks/stripe", deliveries[i % deliveries.length]),
    ),
  );
  expect(responses.map((response) => response.status)).toEqual(Array(copies).fill(200));
}

async function expectCreditedOnce(sessionId: string, amount: bigint, postedBefore: bigint) {
  const after = await credits(t, slug);
  expect(after.posted - postedBefore).toBe(amount);
  const lots = after.purchaseLots.filter((lot) => lot.checkoutSessionId === sessionId);
  expect(lots).toHaveLength(1);
  const prisma = t.server.ctx.prisma;
  expect(await prisma.creditLedgerEntry.count({ where: { lotId: lots[0]?.id } })).toBe(1);
  expect(
    await prisma.auditEvent.count({ where: { action: "billing.purchase", targetId: sessionId } }),
  ).toBe(1);
  expect((await receipt(t, sessionId)).status).toBe("succeeded");
}

describe("POST /api/v1/webhooks/stripe, concurrent deliveries", () => {
  it("credits once for 50 simultaneous deliveries of one signed completed event", async () => {
    const session = await paidSession(100_000_000);
    const { posted } = await credits(t, slug);
    const event = checkoutEvent("checkout.session.completed", session, paid);
    await race([event], 50);
    await expectCreditedOnce(session.id, 100_000_000n, posted);
    // Every delivery tried to credit; the unique checkout session refused 49 of them.
    const outcomes = t.logs
      .filter((line) => line.includes(String(event.id)) && line.includes('"outcome"'))
      .map((line) => JSON.parse(line).outcome);
    expect(outcomes.filter((outcome) => outcome === "credited")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "already_credited")).toHaveLength(49);
  });

  it("credits once when two events for one session race", async () => {
    const session = await paidSession(42_000_000);
    const { posted } = await credits(t, slug);
    const completed = checkoutEvent("checkout.session.completed", session, paid);
    const asyncSucceeded = checkoutEvent("checkout.session.async_payment_succeeded", session, paid);
    await race([completed, asyncSucceeded], 20);
    await expectCreditedOnce(session.id, 42_000_000n, posted);
  });
});
