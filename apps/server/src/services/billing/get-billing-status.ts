import type { ResponseBody } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import type { WorkspaceAccess } from "../../http/principal.js";

/** How many receipts the status shows. */
export const billingStatusReceipts = 20;

export interface GetBillingStatusOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

/** The workspace's latest checkout receipts, newest first. */
export async function getBillingStatus({
  ctx,
  workspace,
}: GetBillingStatusOptions): Promise<ResponseBody<"getBillingStatus", 200>> {
  const receipts = await ctx.prisma.checkoutReceipt.findMany({
    where: { workspaceId: workspace.id },
    orderBy: [{ createdAt: "desc" }, { checkoutSessionId: "desc" }],
    take: billingStatusReceipts,
  });
  return {
    workspace: workspace.slug,
    receipts: receipts.map((receipt) => ({
      checkoutSessionId: receipt.checkoutSessionId,
      amountMicrousd: Number(receipt.amountMicrousd),
      status: receipt.status as "pending" | "succeeded" | "failed",
      createdAt: receipt.createdAt.toISOString(),
      completedAt: receipt.completedAt?.toISOString() ?? null,
    })),
  };
}
