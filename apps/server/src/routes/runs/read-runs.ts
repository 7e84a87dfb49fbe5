import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import {
  getRun as get,
  listRuns as list,
  listRunResponses as listResponses,
} from "../../services/runs/read-runs.js";

export const listRuns = defineHandler("listRuns")(async ({ op, query }) => ({
  status: 200,
  body: await list({ ...op, ...pageOf(query), purpose: query.purpose }),
}));

export const getRun = defineHandler("getRun")(async ({ op, params }) => ({
  status: 200,
  body: await get({ ...op, runId: params.runId }),
}));

export const listRunResponses = defineHandler("listRunResponses")(
  async ({ op, params, query }) => ({
    status: 200,
    body: await listResponses({ ...op, runId: params.runId, ...pageOf(query) }),
  }),
);
