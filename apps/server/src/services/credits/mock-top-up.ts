import type { CreditBalance, RequestBody } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db-errors.js";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { addCreditLot } from "./add-credit-lot.js";
import { getCreditBalance } from "./get-credit-balance.js";

export interface MockTopUpOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  input: RequestBody<"mockTopUp">;
}

/** Whether free credit may be added by hand: no payment processor, or a local install. */
export function mockTopUpAllowed(ctx: AppContext): boolean {
  return !ctx.config.stripe.secretKey || ctx.config.operatorMode === "local";
}

/**
 * Adds credit without payment, once per idempotency key: the unique
 * (workspace, idempotency key) of the lot refuses a second credit.
 */
export async function mockTopUp(options: MockTopUpOptions): Promise<CreditBalance> {
  const { ctx, workspace, input } = options;
  if (!mockTopUpAllowed(ctx)) {
    throw errors.mockTopupDisabled();
  }
  const amount = BigInt(input.amountMicrousd);
  const replayed = async () => {
    const lot = await ctx.prisma.creditLot.findUnique({
      where: {
        workspaceId_idempotencyKey: {
          workspaceId: workspace.id,
          idempotencyKey: input.idempotencyKey,
        },
      },
    });
    if (lot && lot.amountMicrousd !== amount) {
      throw errors.idempotencyKeyReused("amount");
    }
    return lot !== null;
  };
  if (!(await replayed())) {
    try {
      await ctx.prisma.$transaction(async (tx) => {
        const lot = await addCreditLot({
          tx,
          clock: ctx.clock,
          workspaceId: workspace.id,
          source: "top_up",
          amountMicrousd: amount,
          idempotencyKey: input.idempotencyKey,
        });
        await audit(options, tx, "credits.top_up", ["credit_lot", lot.id], {
          amountMicrousd: input.amountMicrousd,
        });
      });
    } catch (error) {
      if (!isUniqueViolation(error) || !(await replayed())) throw error;
    }
  }
  return getCreditBalance({ ctx, workspaceId: workspace.id, workspaceSlug: workspace.slug });
}
