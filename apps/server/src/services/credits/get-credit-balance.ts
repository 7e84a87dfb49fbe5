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

/** The balance as of the clock's now (lots past expiry are expired first). */
export async function getCreditBalance({
  ctx,
  workspaceId,
  workspaceSlug,
}: GetCreditBalanceOptions): Promise<CreditBalance> {
  return ctx.prisma.$transaction(async (tx) => {
    await ensureCreditAccount(tx, ctx.clock, workspaceId);
    await expireLots(tx, ctx.clock, workspaceId);
    const account = await tx.creditAccount.findUniqueOrThrow({ where: { workspaceId } });
    const next = await tx.creditLot.findFirst({
      where: { workspaceId, remainingMicrousd: { gt: 0 }, expiresAt: { gt: ctx.clock.now() } },
      orderBy: { expiresAt: "asc" },
      select: { expiresAt: true },
    });
    const available = account.postedMicrousd - account.heldMicrousd;
    return {
      workspace: workspaceSlug,
      state: available <= 0n ? "depleted" : available < lowBalanceMicrousd ? "low" : "active",
      postedMicrousd: Number(account.postedMicrousd),
      heldMicrousd: Number(account.heldMicrousd),
      availableMicrousd: Number(available),
      nextExpiryAt: next?.expiresAt?.toISOString() ?? null,
    };
  });
}
