import { defineHandler } from "../../http/handler.js";
import { getMetricsWindow as getWindow } from "../../services/metrics/get-metrics-window.js";
import { filtersOf } from "./query-filters.js";

export const getMetricsWindow = defineHandler("getMetricsWindow")(async ({ op, query }) => ({
  status: 200,
  body: await getWindow({
    ...op,
    workspaceId: op.workspace.id,
    days: query.days ?? 7,
    to: query.to,
    filters: filtersOf(query),
  }),
}));
