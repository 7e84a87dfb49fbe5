import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getBillingStatus as getBillingStatusService } from "../../services/billing/get-billing-status.js";

export const getBillingStatus = defineHandler("getBillingStatus")(async ({ app, workspace }) => ({
  status: 200,
  body: await getBillingStatusService({ ctx: app, workspace: workspaceOf(workspace) }),
}));
