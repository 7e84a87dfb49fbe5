import { defineHandler } from "../../http/handler.js";
import { getBillingStatus as getBillingStatusService } from "../../services/billing/get-billing-status.js";

export const getBillingStatus = defineHandler("getBillingStatus")(async ({ op }) => ({
  status: 200,
  body: await getBillingStatusService(op),
}));
