import { z } from "zod";
import { getCreditBalance } from "../../credits/get-credit-balance.js";
import { defineTool } from "../define-tool.js";

export const creditBalanceTool = defineTool({
  name: "get_credit_balance",
  description:
    "The workspace's prepaid credit balance in micro-USD (1,000,000 = 1 USD): available, held by running work, and the next expiry.",
  requiredScope: "credits:read",
  // No arguments: like every tool, it refuses ones it does not know.
  args: z.object({}),
  async run({ op }) {
    const balance = await getCreditBalance({
      ctx: op.ctx,
      workspaceId: op.workspace.id,
      workspaceSlug: op.workspace.slug,
    });
    return {
      data: balance,
      summary: `balance ${balance.availableMicrousd} micro-USD available`,
      citations: [{ kind: "metric", metric: "credit_balance", filter: {} }],
    };
  },
});
