import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import { listMetricChanges as list } from "../../services/metrics/list-metric-changes.js";
import { filtersOf } from "./query-filters.js";

export const listMetricChanges = defineHandler("listMetricChanges")(async ({ op, query }) => ({
  status: 200,
  body: await list({
    ...op,
    access: op.workspace,
    from: query.from,
    to: query.to,
    engine: query.engine,
    entity: query.entity,
    filters: filtersOf({ ...query, engine: undefined }),
    page: pageOf(query),
  }),
}));
