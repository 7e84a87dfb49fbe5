import { expect } from "vitest";
import type { TestResponse, TestServer } from "../harness/test-server.js";

async function topUp(t: TestServer, slug: string, cookie: string, amountMicrousd: number) {
  const response = await t.request<any>("POST", `/api/v1/workspaces/${slug}/credits/top-up`, {
    cookie,
    body: {
      amountMicrousd,
      idempotencyKey: `exact-${slug}-${amountMicrousd}-${t.clock.now().getTime()}-${Math.random()}`,
    },
  });
  expect(response.status).toBe(200);
}

async function balance(t: TestServer, slug: string, cookie: string) {
  const response = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, {
    cookie,
  });
  return response.body as {
    postedMicrousd: number;
    heldMicrousd: number;
    availableMicrousd: number;
  };
}

/**
 * Starts a metered operation on a workspace with nothing available, funded to
 * exactly its reservation: the first start is refused with 402 (what it
 * requires), a top-up of one micro-USD less is refused again, and with the
 * last micro-USD it starts. Answers the start's response and the reservation.
 */
export async function startWithExactBalance(
  t: TestServer,
  slug: string,
  cookie: string,
  start: () => Promise<TestResponse<any>>,
): Promise<{ started: TestResponse<any>; reservedMicrousd: number }> {
  expect((await balance(t, slug, cookie)).availableMicrousd).toBe(0);
  const refused = await start();
  expect(refused.status).toBe(402);
  expect(refused.body.error.code).toBe("insufficient_credits");
  const required: number = refused.body.error.details.requiredMicrousd;
  expect(required).toBeGreaterThan(1);
  await topUp(t, slug, cookie, required - 1);
  const short = await start();
  expect(short.status).toBe(402);
  expect(short.body.error.details).toEqual({
    requiredMicrousd: required,
    availableMicrousd: required - 1,
  });
  await topUp(t, slug, cookie, 1);
  const started = await start();
  expect(started.status).toBe(202);
  expect((await balance(t, slug, cookie)).availableMicrousd).toBe(0);
  return { started, reservedMicrousd: required };
}

/**
 * What "never reports a cost different from the ledger's charge" means for a
 * finished metered operation: its reported cost equals the sum of the lease
 * and settlement entries of its reservation, is within what was held for it
 * (the reservation and any extension), nothing stays held, and the posted
 * balance fell by exactly that charge.
 */
export async function expectReportedCostCharged(
  t: TestServer,
  slug: string,
  cookie: string,
  options: { operationId: string; reportedMicrousd: number; postedBefore: number },
): Promise<{ chargedMicrousd: number; heldForItMicrousd: number }> {
  const usage = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/usage?limit=500`, {
    cookie,
  });
  expect(usage.status).toBe(200);
  const operation = usage.body.operations.find((o: any) => o.operationId === options.operationId);
  expect(operation).toBeDefined();
  const entries: any[] = usage.body.entries.filter(
    (e: any) => e.reservationId === operation.reservationId,
  );
  const charged =
    0 -
    entries
      .filter((e) => e.kind === "lease" || e.kind === "settlement")
      .reduce((sum, e) => sum + e.postedDeltaMicrousd, 0);
  const heldForIt = entries
    .filter((e) => e.kind === "reservation")
    .reduce((sum, e) => sum + e.heldDeltaMicrousd, 0);
  expect(options.reportedMicrousd).toBe(charged);
  expect(operation.spentMicrousd).toBe(charged);
  expect(charged).toBeLessThanOrEqual(heldForIt);
  expect(operation.heldMicrousd).toBe(0);
  expect(operation.status).not.toBe("open");
  // Everything held was either charged or handed back.
  expect(entries.reduce((sum, e) => sum + e.heldDeltaMicrousd, 0)).toBe(0);
  const after = await balance(t, slug, cookie);
  expect(after).toMatchObject({ postedMicrousd: options.postedBefore - charged, heldMicrousd: 0 });
  return { chargedMicrousd: charged, heldForItMicrousd: heldForIt };
}

export async function postedOf(t: TestServer, slug: string, cookie: string): Promise<number> {
  return (await balance(t, slug, cookie)).postedMicrousd;
}
