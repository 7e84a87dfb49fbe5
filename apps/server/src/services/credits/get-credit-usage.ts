import type { CreditUsage } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";

export interface GetCreditUsageOptions {
  ctx: AppContext;
  workspaceId: string;
  workspaceSlug: string;
  limit: number;
}

/** Ledger entries newest first, with the metered operations they belong to. */
export async function getCreditUsage({
  ctx,
  workspaceId,
  workspaceSlug,
  limit,
}: GetCreditUsageOptions): Promise<CreditUsage> {
  const entries = await ctx.prisma.creditLedgerEntry.findMany({
    where: { workspaceId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  const reservationIds = [
    ...new Set(entries.flatMap((e) => (e.reservationId ? [e.reservationId] : []))),
  ];
  const reservations = await ctx.prisma.creditReservation.findMany({
    where: { id: { in: reservationIds } },
    orderBy: { createdAt: "desc" },
  });
  return {
    workspace: workspaceSlug,
    entries: entries.map((entry) => ({
      entryId: entry.id,
      kind: entry.kind as CreditUsage["entries"][number]["kind"],
      amountMicrousd: Number(
        entry.postedDeltaMicrousd !== 0n ? entry.postedDeltaMicrousd : entry.heldDeltaMicrousd,
      ),
      postedDeltaMicrousd: Number(entry.postedDeltaMicrousd),
      heldDeltaMicrousd: Number(entry.heldDeltaMicrousd),
      operation: entry.operation,
      reservationId: entry.reservationId,
      createdAt: entry.createdAt.toISOString(),
    })),
    operations: reservations.map((r) => ({
      reservationId: r.id,
      operation: r.operation,
      operationId: r.operationId,
      status: r.status as "open" | "settled" | "released",
      estimateMicrousd: Number(r.estimateMicrousd),
      spentMicrousd: Number(r.consumedMicrousd),
      heldMicrousd: Number(r.heldMicrousd),
      createdAt: r.createdAt.toISOString(),
      closedAt: r.closedAt?.toISOString() ?? null,
    })),
  };
}
