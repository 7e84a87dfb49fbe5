import { defineHandler } from "../../http/handler.js";
import { getCreditBalance as getBalance } from "../../services/credits/get-credit-balance.js";

export const getCreditBalance = defineHandler("getCreditBalance")(async ({ op }) => {
  const { id, slug } = op.workspace;
  return {
    status: 200,
    body: await getBalance({ ...op, workspaceId: id, workspaceSlug: slug }),
  };
});
