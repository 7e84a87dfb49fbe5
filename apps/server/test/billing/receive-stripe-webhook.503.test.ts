import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { deliver } from "./billing-fixtures.js";

let t: TestServer;
beforeAll(async () => {
  // A secret key but no webhook secret: nothing can be verified.
  t = await startTestServer({ env: { STRIPE_SECRET_KEY: "sk_test_only" } });
});
afterAll(() => t.close());

describe("POST /api/v1/webhooks/stripe without STRIPE_WEBHOOK_SECRET", () => {
  it("answers 503 billing_unavailable", async () => {
    const response = await deliver(t, { id: "evt_1", type: "checkout.session.completed" });
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe("billing_unavailable");
    expect(response.body.error.message).toContain("STRIPE_WEBHOOK_SECRET");
  });
});
