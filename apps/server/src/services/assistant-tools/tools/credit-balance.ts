import { getCreditBalance } from "../../credits/get-credit-balance.js";
import type { AssistantTool } from "../types.js";

export const creditBalanceTool: AssistantTool = {
  name: "get_credit_balance",
  description:
    "The workspace's prepaid credit balance in micro-USD (1,000,000 = 1 USD): available, held by running work, and the next expiry.",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  requiredScope: "credits:read",
  async execute({ op }) {
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
};
