import type { CreditBalance } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { ensureCreditAccount } from "./apply-ledger-entry.js";
import { expireLots } from "./expire-lots.js";

export const lowBalanceMicrousd = 250_000n;

export interface GetCreditBalanceOptions {
  ctx: AppContext;
  workspaceId: string;
  workspaceSlug: string;
}

interface BalanceRow {
  posted: bigint | null;
  held: bigint | null;
  nextExpiryAt: Date | null;
  expiryDue: boolean;
}

/**
 * The balance as of the clock's now: one statement over the account row and
 * the lots' (workspace, expiry) index. Only when a lot has passed its expiry
 * with credit left that nothing holds (the sweep has not written it down yet)
 * is the expiry written first, in the transaction every balance writer uses.
 */
export async function getCreditBalance({
  ctx,
  workspaceId,
  workspaceSlug,
}: GetCreditBalanceOptions): Promise<CreditBalance> {
  let row = await readBalance(ctx, workspaceId);
  if (row.expiryDue && (row.posted ?? 0n) > (row.held ?? 0n)) {
    await ctx.prisma.$transaction(async (tx) => {
      await ensureCreditAccount(tx, ctx.clock, workspaceId);
      await expireLots(tx, ctx.clock, workspaceId);
    });
    row = await readBalance(ctx, workspaceId);
  }
  const posted = row.posted ?? 0n;
  const held = row.held ?? 0n;
  const available = posted - held;
  return {
    workspace: workspaceSlug,
    state: available <= 0n ? "depleted" : available < lowBalanceMicrousd ? "low" : "active",
    postedMicrousd: Number(posted),
    heldMicrousd: Number(held),
    availableMicrousd: Number(available),
    nextExpiryAt: row.nextExpiryAt?.toISOString() ?? null,
  };
}

async function readBalance(ctx: AppContext, workspaceId: string): Promise<BalanceRow> {
  const now = ctx.clock.now();
  const rows = await ctx.prisma.$queryRaw<BalanceRow[]>`
    SELECT a.posted_microusd AS posted, a.held_microusd AS held,
      (SELECT min(l.expires_at) FROM credit_lots l
        WHERE l.workspace_id = w.id AND l.remaining_microusd > 0 AND l.expires_at > ${now})
        AS "nextExpiryAt",
      EXISTS (SELECT 1 FROM credit_lots l
        WHERE l.workspace_id = w.id AND l.remaining_microusd > 0 AND l.expires_at <= ${now})
        AS "expiryDue"
    FROM (SELECT ${workspaceId}::text AS id) w
    LEFT JOIN credit_accounts a ON a.workspace_id = w.id`;
  return rows[0] as BalanceRow;
}
