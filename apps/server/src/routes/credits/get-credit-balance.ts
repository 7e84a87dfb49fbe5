import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getCreditBalance as getBalance } from "../../services/credits/get-credit-balance.js";

export const getCreditBalance = defineHandler("getCreditBalance")(async ({ op, workspace }) => {
  const { id, slug } = workspaceOf(workspace);
  return {
    status: 200,
    body: await getBalance({ ...op, workspaceId: id, workspaceSlug: slug }),
  };
});
