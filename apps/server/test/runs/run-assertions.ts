import { expect } from "vitest";
import type { TestServer } from "../harness/test-server.js";

/**
 * What "loses nothing, charges once" means for a finished run: one succeeded
 * answer per task, no citation twice, the reservation settled at exactly the
 * stored costs by one settlement, and the balance down by that amount.
 */
export async function expectSettledOnce(
  t: TestServer,
  slug: string,
  cookie: string,
  runId: string,
  tasks: number,
  /** Posted balance before this run (when other runs were charged too). */
  postedBefore = 1_000_000n,
): Promise<void> {
  const prisma = t.server.ctx.prisma;
  const rows = await prisma.engineResponse.findMany({ where: { runId } });
  expect(rows).toHaveLength(tasks);
  expect(rows.every((r) => r.status === "succeeded")).toBe(true);
  const citations = await prisma.citation.groupBy({
    by: ["responseId", "position"],
    _count: true,
    where: { response: { runId } },
  });
  expect(citations.every((c) => c._count === 1)).toBe(true);
  const cost = rows.reduce((sum, r) => sum + r.costMicrousd, 0n);
  const reservation = await prisma.creditReservation.findFirstOrThrow({
    where: { operationId: runId },
  });
  expect(reservation).toMatchObject({
    status: "settled",
    consumedMicrousd: cost,
    heldMicrousd: 0n,
  });
  const settlements = await prisma.creditLedgerEntry.count({
    where: { reservationId: reservation.id, kind: "settlement" },
  });
  expect(settlements).toBeLessThanOrEqual(1);
  const run = await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${runId}`, { cookie });
  expect(BigInt(run.body.costMicrousd)).toBe(cost);
  const balance = await t.request<any>("GET", `/api/v1/workspaces/${slug}/credits/balance`, {
    cookie,
  });
  expect(balance.body).toMatchObject({
    postedMicrousd: Number(postedBefore - cost),
    heldMicrousd: 0,
  });
}
