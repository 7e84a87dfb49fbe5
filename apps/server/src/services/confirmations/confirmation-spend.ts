import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";

/**
 * What a confirmation run counts against the budget, over `runs`: its charge once finished, its
 * hold (the estimate, which bounds its charge) while unfinished.
 */
export const CONFIRMATION_RUN_COST_SQL =
  "CASE WHEN finished_at IS NULL THEN estimate_microusd ELSE cost_microusd END";

/**
 * What the workspace's confirmation runs of the UTC calendar month of `now` count against its
 * confirmation budget: a finished run's charge, an unfinished one's hold (its estimate bounds
 * its charge), so runs in flight cannot overrun the budget.
 */
export async function confirmationSpend(
  db: AppContext["prisma"] | Prisma.TransactionClient,
  workspaceId: string,
  now: Date,
): Promise<bigint> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [row] = await db.$queryRawUnsafe<Array<{ spent: bigint | null }>>(
    `SELECT sum(${CONFIRMATION_RUN_COST_SQL})::bigint AS spent
     FROM runs WHERE workspace_id = $1 AND purpose = 'confirmation' AND created_at >= $2::timestamptz`,
    workspaceId,
    monthStart.toISOString(),
  );
  return BigInt(row?.spent ?? 0);
}
