import { defineHandler } from "../../http/handler.js";
import { getMetricsTimeSeries as getTimeSeries } from "../../services/metrics/get-metrics-timeseries.js";
import { filtersOf } from "./query-filters.js";

export const getMetricsTimeSeries = defineHandler("getMetricsTimeSeries")(
  async ({ op, query }) => ({
    status: 200,
    body: await getTimeSeries({
      ...op,
      access: op.workspace,
      from: query.from,
      to: query.to,
      entity: query.entity,
      filters: filtersOf(query),
    }),
  }),
);
