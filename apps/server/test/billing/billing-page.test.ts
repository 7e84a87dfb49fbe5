import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeStripe } from "../fakes/fake-stripe.js";
import type { TestServer } from "../harness/test-server.js";
import { checkout, publicUrl, startBillingServer } from "./billing-fixtures.js";

let stripe: FakeStripe;
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await startBillingServer(stripe);
  cookie = await t.signIn("returning-buyer@example.com");
  slug = await t.createWorkspace(cookie, { brand: "returning" });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

/** The page Stripe sends the buyer back to, fetched from this server (publicUrl → its address). */
const page = (url: string) =>
  fetch(url.replace(publicUrl, t.url).replace("{CHECKOUT_SESSION_ID}", "cs_test_123"));

describe("the billing page Stripe Checkout returns to", () => {
  it("serves both return URLs of a checkout session as a self-contained page", async () => {
    const created = await checkout(t, cookie, slug, 10_000_000);
    expect(created.status).toBe(201);
    const session = stripe.session(created.body.checkoutSessionId);
    for (const url of [session.success_url, session.cancel_url]) {
      const response = await page(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain("<h1>Billing</h1>");
      // Only the page's own inline script runs, allowed by its hash; nothing is loaded from elsewhere.
      const script = html.match(/<script>([\s\S]*)<\/script>/)?.[1] ?? "";
      const hash = createHash("sha256").update(script).digest("base64");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain(`script-src 'sha256-${hash}'`);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("connect-src 'self'");
      // It reads the receipts and the balance of the workspace in the path, through the API.
      expect(script).toContain('"/billing/status"');
      expect(script).toContain('"/credits/balance"');
    }
  });

  it("never writes the URL into the markup", async () => {
    const probe = "<img src=x onerror=alert(1)>";
    const response = await fetch(
      `${t.url}/workspaces/${encodeURIComponent(probe)}/billing?checkout=success&session_id=${encodeURIComponent(probe)}`,
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain(probe);
    expect(html).not.toContain("onerror");
    const plain = await (await fetch(`${t.url}/workspaces/${slug}/billing`)).text();
    expect(html).toBe(plain);
  });
});
