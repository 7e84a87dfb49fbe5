import type { AppContext } from "../../src/context.js";
import { addCreditLot } from "../../src/services/credits/add-credit-lot.js";
import { ensureCreditAccount } from "../../src/services/credits/apply-ledger-entry.js";
import type { TestServer } from "../harness/test-server.js";

/** A workspace with an empty account (its owner already used the free grant). */
export async function emptyWorkspace(t: TestServer, brand: string): Promise<string> {
  // One owner per workspace: a person creates at most 10 workspaces.
  const cookie = await t.signIn(`ledger-${brand}@example.com`);
  const slug = await t.createWorkspace(cookie, { brand });
  const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const ctx = t.server.ctx;
  await ctx.prisma.$transaction((tx) => ensureCreditAccount(tx, ctx.clock, workspace.id));
  // Spend the free grant, if this was the owner's first workspace, by expiring it away.
  await ctx.prisma.creditLot.deleteMany({ where: { workspaceId: workspace.id } });
  await ctx.prisma.creditLedgerEntry.deleteMany({ where: { workspaceId: workspace.id } });
  await ctx.prisma.creditAccount.update({
    where: { workspaceId: workspace.id },
    data: { postedMicrousd: 0n, heldMicrousd: 0n },
  });
  return workspace.id;
}

export async function credit(
  ctx: AppContext,
  workspaceId: string,
  amount: bigint,
  expiresAt?: Date,
): Promise<void> {
  await ctx.prisma.$transaction((tx) =>
    addCreditLot({
      tx,
      clock: ctx.clock,
      workspaceId,
      source: "top_up",
      amountMicrousd: amount,
      ...(expiresAt ? { expiresAt } : {}),
    }),
  );
}

/** The ledger's invariants; returns the balance when they hold. */
export async function checkInvariants(
  ctx: AppContext,
  workspaceId: string,
): Promise<{ posted: bigint; held: bigint }> {
  const account = await ctx.prisma.creditAccount.findUniqueOrThrow({ where: { workspaceId } });
  const entries = await ctx.prisma.creditLedgerEntry.findMany({ where: { workspaceId } });
  const lots = await ctx.prisma.creditLot.findMany({ where: { workspaceId } });
  const open = await ctx.prisma.creditReservation.findMany({
    where: { workspaceId, status: "open" },
  });
  const closed = await ctx.prisma.creditReservation.findMany({
    where: { workspaceId, status: { not: "open" } },
  });
  const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
  const problems: string[] = [];
  if (account.postedMicrousd !== sum(entries.map((e) => e.postedDeltaMicrousd)))
    problems.push("posted != sum of ledger posted deltas");
  if (account.heldMicrousd !== sum(entries.map((e) => e.heldDeltaMicrousd)))
    problems.push("held != sum of ledger held deltas");
  if (account.postedMicrousd !== sum(lots.map((l) => l.remainingMicrousd)))
    problems.push("posted != sum of lot remainders");
  if (account.heldMicrousd !== sum(open.map((r) => r.heldMicrousd)))
    problems.push("held != sum of open reservations");
  if (account.heldMicrousd < 0n) problems.push("held < 0");
  if (account.postedMicrousd < account.heldMicrousd) problems.push("available < 0");
  if (closed.some((r) => r.heldMicrousd !== 0n))
    problems.push("a closed reservation still holds credit");
  for (const r of [...open, ...closed]) {
    const spent = -sum(
      entries
        .filter((e) => e.reservationId === r.id && (e.kind === "lease" || e.kind === "settlement"))
        .map((e) => e.postedDeltaMicrousd),
    );
    if (spent !== r.consumedMicrousd)
      problems.push(`reservation ${r.id} spent ${spent} != consumed ${r.consumedMicrousd}`);
    const settlements = entries.filter(
      (e) => e.reservationId === r.id && e.kind === "release",
    ).length;
    if (settlements > 1) problems.push(`reservation ${r.id} released ${settlements} times`);
  }
  if (problems.length > 0) throw new Error(`ledger invariants broken:\n${problems.join("\n")}`);
  return { posted: account.postedMicrousd, held: account.heldMicrousd };
}
