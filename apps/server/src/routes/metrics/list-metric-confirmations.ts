import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import { listConfirmations } from "../../services/confirmations/list-confirmations.js";

export const listMetricConfirmations = defineHandler("listMetricConfirmations")(
  async ({ op, query }) => ({
    status: 200,
    body: await listConfirmations({ ...op, status: query.status, page: pageOf(query) }),
  }),
);
