import { defineHandler } from "../../http/handler.js";
import { getCreditUsage as getUsage } from "../../services/credits/get-credit-usage.js";

export const getCreditUsage = defineHandler("getCreditUsage")(async ({ op, query }) => {
  const { id, slug } = op.workspace;
  return {
    status: 200,
    body: await getUsage({
      ...op,
      workspaceId: id,
      workspaceSlug: slug,
      limit: query.limit ?? 100,
    }),
  };
});
