import { defineHandler } from "../../http/handler.js";
import { getWorkspaceMetrics as getMetrics } from "../../services/metrics/get-workspace-metrics.js";
import { filtersOf } from "./query-filters.js";

export const getWorkspaceMetrics = defineHandler("getWorkspaceMetrics")(async ({ op, query }) => ({
  status: 200,
  body: await getMetrics({
    ...op,
    access: op.workspace,
    date: query.date,
    filters: filtersOf(query),
  }),
}));
