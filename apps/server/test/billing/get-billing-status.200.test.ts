import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutEvent, FakeStripe } from "../fakes/fake-stripe.js";
import type { TestServer } from "../harness/test-server.js";
import { checkout, deliver, startBillingServer } from "./billing-fixtures.js";

let stripe: FakeStripe;
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await startBillingServer(stripe);
  cookie = await t.signIn("history@example.com");
  slug = await t.createWorkspace(cookie, { brand: "history" });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

const status = (workspace: string) =>
  t.request<any>("GET", `/api/v1/workspaces/${workspace}/billing/status`, { cookie });

describe("GET /api/v1/workspaces/{workspace}/billing/status", () => {
  it("lists no receipts before any checkout", async () => {
    const response = await status(slug);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ workspace: slug, receipts: [] });
  });

  it("lists the latest 20 of 21 receipts, newest first, with their outcome", async () => {
    const created: Array<{ id: string; amount: number; at: string }> = [];
    for (let i = 0; i < 21; i++) {
      t.clock.advance(1_000);
      const amount = 5_000_000 + i * 10_000;
      const response = await checkout(t, cookie, slug, amount);
      expect(response.status).toBe(201);
      created.push({
        id: response.body.checkoutSessionId,
        amount,
        at: t.clock.now().toISOString(),
      });
    }
    const [oldest] = created;
    const newest = created[20];
    if (!oldest || !newest) throw new Error("no checkouts");
    t.clock.advance(5_000);
    const paid = { payment_status: "paid", status: "complete" } as const;
    await deliver(t, checkoutEvent("checkout.session.completed", stripe.session(newest.id), paid));
    const expired = created[19];
    if (!expired) throw new Error("no checkout");
    await deliver(t, checkoutEvent("checkout.session.expired", stripe.session(expired.id)));

    const response = await status(slug);
    expect(response.status).toBe(200);
    expect(response.body.workspace).toBe(slug);
    const receipts = response.body.receipts;
    expect(receipts).toHaveLength(20);
    expect(receipts.map((r: { checkoutSessionId: string }) => r.checkoutSessionId)).toEqual(
      created
        .slice(1)
        .reverse()
        .map((c) => c.id),
    );
    expect(receipts[0]).toEqual({
      checkoutSessionId: newest.id,
      amountMicrousd: newest.amount,
      status: "succeeded",
      createdAt: newest.at,
      completedAt: t.clock.now().toISOString(),
    });
    expect(receipts[1]).toMatchObject({ status: "failed", completedAt: null });
    expect(receipts[2]).toMatchObject({ status: "pending", completedAt: null });
    expect(
      receipts.some((r: { checkoutSessionId: string }) => r.checkoutSessionId === oldest.id),
    ).toBe(false);
  });

  it("shows only the workspace's own receipts", async () => {
    const other = await t.createWorkspace(cookie, { brand: "other" });
    const response = await status(other);
    expect(response.body).toEqual({ workspace: other, receipts: [] });
  });
});
