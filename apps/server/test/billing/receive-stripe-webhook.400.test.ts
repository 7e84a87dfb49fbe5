import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutEvent, FakeStripe, signedPayload, signedWebhook } from "../fakes/fake-stripe.js";
import type { TestServer } from "../harness/test-server.js";
import {
  checkout,
  credits,
  deliver,
  nowSeconds,
  receipt,
  startBillingServer,
  webhookSecret,
} from "./billing-fixtures.js";

let stripe: FakeStripe;
let t: TestServer;
let slug: string;
let event: Record<string, unknown>;
let sessionId: string;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await startBillingServer(stripe);
  const cookie = await t.signIn("forger@example.com");
  slug = await t.createWorkspace(cookie, { brand: "forger" });
  sessionId = (await checkout(t, cookie, slug, 50_000_000)).body.checkoutSessionId;
  event = checkoutEvent("checkout.session.completed", stripe.session(sessionId), {
    payment_status: "paid",
    status: "complete",
  });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

const webhook = "/api/v1/webhooks/stripe";

async function expectRefused(response: { status: number; body: any }): Promise<void> {
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe("invalid_signature");
  const { purchaseLots } = await credits(t, slug);
  expect(purchaseLots).toEqual([]);
  expect((await receipt(t, sessionId)).status).toBe("pending");
}

describe("POST /api/v1/webhooks/stripe, refused deliveries", () => {
  it("refuses a signature made with another secret", async () => {
    await expectRefused(await deliver(t, event, { secret: "whsec_someone_else" }));
  });

  it("refuses a delivery without a Stripe-Signature header", async () => {
    const response = await t.request("POST", webhook, {
      rawBody: JSON.stringify(event),
      headers: { "content-type": "application/json" },
    });
    await expectRefused(response);
  });

  it("refuses a header without a v1 signature, and an unparsable one", async () => {
    for (const header of [`t=${nowSeconds(t)}`, "garbage", `t=${nowSeconds(t)},v1=`]) {
      const response = await t.request("POST", webhook, {
        rawBody: JSON.stringify(event),
        headers: { "content-type": "application/json", "stripe-signature": header },
      });
      await expectRefused(response);
    }
  });

  it("refuses a payload changed after signing", async () => {
    const signed = signedWebhook(event, webhookSecret, nowSeconds(t));
    const tampered = signed.rawBody.replace('"payment_status":"paid"', '"payment_status":"paid" ');
    expect(tampered).not.toBe(signed.rawBody);
    await expectRefused(await t.request("POST", webhook, { ...signed, rawBody: tampered }));
  });

  it("refuses a signature 301 s older than the server's clock", async () => {
    await expectRefused(await deliver(t, event, { timestamp: nowSeconds(t) - 301 }));
  });

  it("answers invalid_request for a correctly signed payload that is not an event", async () => {
    for (const payload of ["not json", '"a string"', '{"id":"evt_1"}']) {
      const signed = signedPayload(payload, webhookSecret, nowSeconds(t));
      const response = await t.request("POST", webhook, signed);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("invalid_request");
    }
  });

  it("accepts the same delivery signed 300 s ago, the edge of the tolerance", async () => {
    const response = await deliver(t, event, { timestamp: nowSeconds(t) - 300 });
    expect(response.status).toBe(200);
    expect((await credits(t, slug)).purchaseLots).toHaveLength(1);
  });
});
