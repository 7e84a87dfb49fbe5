import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import { listPageEvaluations as listService } from "../../services/page-evaluations/list-page-evaluations.js";

export const listPageEvaluations = defineHandler("listPageEvaluations")(async ({ op, query }) => ({
  status: 200,
  body: await listService({ ...op, ...pageOf(query), query }),
}));
