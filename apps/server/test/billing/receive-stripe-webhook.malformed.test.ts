import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutEvent, FakeStripe } from "../fakes/fake-stripe.js";
import type { TestServer } from "../harness/test-server.js";
import { checkout, credits, deliver, receipt, startBillingServer } from "./billing-fixtures.js";

let stripe: FakeStripe;
let t: TestServer;
let slug: string;
let sessionId: string;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await startBillingServer(stripe);
  const cookie = await t.signIn("malformed@example.com");
  slug = await t.createWorkspace(cookie, { brand: "malformed" });
  sessionId = (await checkout(t, cookie, slug, 20_000_000)).body.checkoutSessionId;
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

/** `data.object`s that are not Checkout Sessions, though signed correctly. */
const notSessions: Array<[string, unknown]> = [
  ["a number", 5],
  ["null", null],
  ["an array", [1, 2]],
  ["an empty object", {}],
  ["a payment intent", { object: "payment_intent", id: "pi_123", status: "succeeded" }],
  ["a session whose id is a number", { object: "checkout.session", id: 7 }],
  ["a session id with NUL", { object: "checkout.session", id: "cs_\u0000" }],
];

describe("POST /api/v1/webhooks/stripe with a data.object that is not a session", () => {
  it.each(
    ["checkout.session.completed", "checkout.session.expired"].flatMap((type) =>
      notSessions.map(([what, object]) => [type, what, object] as const),
    ),
  )("acknowledges %s carrying %s, changing nothing", async (type, _what, object) => {
    const base = checkoutEvent(type, stripe.session(sessionId), {
      payment_status: "paid",
      status: "complete",
    });
    const response = await deliver(t, { ...base, data: { object } });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ received: true });
    expect((await receipt(t, sessionId)).status).toBe("pending");
    expect((await credits(t, slug)).purchaseLots).toEqual([]);
    expect(t.logs.join("")).toContain("is not a checkout session; ignored");
  });

  it("refuses an event id the database cannot store as not an event (400)", async () => {
    const event = checkoutEvent(
      "checkout.session.expired",
      stripe.session(sessionId),
      {},
      "evt_\u0000",
    );
    const response = await deliver(t, event);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
  });

  it("still fails the receipt of a well-formed expired session", async () => {
    const response = await deliver(
      t,
      checkoutEvent("checkout.session.expired", stripe.session(sessionId)),
    );
    expect(response.status).toBe(200);
    expect((await receipt(t, sessionId)).status).toBe("failed");
  });
});
