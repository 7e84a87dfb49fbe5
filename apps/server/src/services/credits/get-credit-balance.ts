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

/** What the balance reads that the clock does not change, kept among the workspace's reads. */
interface BalanceHead {
  posted: bigint | null;
  held: bigint | null;
  /** The earliest expiry of a lot with credit left. */
  firstExpiryAt: Date | null;
}

const balanceHeadKey = "credit-balance";

/**
 * The balance as of the clock's now. The account and its lots' earliest
 * expiry are kept in memory until the account or a lot changes
 * (services/workspaces/workspace-read-cache.ts; triggers on credit_accounts
 * and credit_lots): while that expiry is still ahead, the balance costs no
 * round trip. Otherwise one statement over the account row and the lots'
 * (workspace, expiry) index; only when a lot has passed its expiry with credit
 * left that nothing holds (the sweep has not written it down yet) is the
 * expiry written first, in the transaction every balance writer uses.
 */
export async function getCreditBalance({
  ctx,
  workspaceId,
  workspaceSlug,
}: GetCreditBalanceOptions): Promise<CreditBalance> {
  const head = await balanceHead(ctx, workspaceId);
  const ahead = head.firstExpiryAt === null || head.firstExpiryAt > ctx.clock.now();
  let row: BalanceRow = ahead
    ? { posted: head.posted, held: head.held, nextExpiryAt: head.firstExpiryAt, expiryDue: false }
    : await readBalance(ctx, workspaceId);
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

function balanceHead(ctx: AppContext, workspaceId: string): Promise<BalanceHead> {
  return ctx.workspaceReads.read(workspaceId, balanceHeadKey, () =>
    readBalanceHead(ctx, workspaceId),
  );
}

async function readBalanceHead(ctx: AppContext, workspaceId: string): Promise<BalanceHead> {
  const rows = await ctx.prisma.$queryRaw<BalanceHead[]>`
    SELECT a.posted_microusd AS posted, a.held_microusd AS held,
      (SELECT min(l.expires_at) FROM credit_lots l
        WHERE l.workspace_id = w.id AND l.remaining_microusd > 0) AS "firstExpiryAt"
    FROM (SELECT ${workspaceId}::text AS id) w
    LEFT JOIN credit_accounts a ON a.workspace_id = w.id`;
  return rows[0] as BalanceHead;
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
