import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { mockTopUp as topUp } from "../../services/credits/mock-top-up.js";

export const mockTopUp = defineHandler("mockTopUp")(async ({ op, body }) => ({
  status: 200,
  body: await topUp({ ...sessionOp(op), input: body }),
}));
