import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { checkout } from "./billing-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  // Only the webhook secret: checkout still needs STRIPE_SECRET_KEY.
  t = await startTestServer({ env: { STRIPE_WEBHOOK_SECRET: "whsec_only" } });
  cookie = await t.signIn("unconfigured@example.com");
  slug = await t.createWorkspace(cookie, { brand: "unconfigured" });
});
afterAll(() => t.close());

describe("POST /api/v1/workspaces/{workspace}/billing/checkout without Stripe", () => {
  it("answers 503 billing_unavailable and records nothing", async () => {
    const response = await checkout(t, cookie, slug, 10_000_000);
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe("billing_unavailable");
    expect(response.body.error.message).toContain("STRIPE_SECRET_KEY");
    expect(await t.server.ctx.prisma.checkoutReceipt.count()).toBe(0);
  });

  it("still validates the amount first", async () => {
    const response = await checkout(t, cookie, slug, 1);
    expect(response.status).toBe(400);
  });
});
