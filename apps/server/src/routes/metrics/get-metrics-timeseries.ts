import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getMetricsTimeSeries as getTimeSeries } from "../../services/metrics/get-metrics-timeseries.js";
import { filtersOf } from "./query-filters.js";

export const getMetricsTimeSeries = defineHandler("getMetricsTimeSeries")(
  async ({ op, workspace, query }) => ({
    status: 200,
    body: await getTimeSeries({
      ...op,
      access: workspaceOf(workspace),
      from: query.from,
      to: query.to,
      entity: query.entity,
      filters: filtersOf(query),
    }),
  }),
);
