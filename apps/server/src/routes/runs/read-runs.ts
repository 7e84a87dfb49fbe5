import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import {
  getRun as get,
  listRuns as list,
  listRunResponses as listResponses,
} from "../../services/runs/read-runs.js";

export const listRuns = defineHandler("listRuns")(async ({ app, workspace, query }) => ({
  status: 200,
  body: await list({
    ctx: app,
    workspace: workspaceOf(workspace),
    limit: query.limit ?? 20,
    cursor: query.cursor,
  }),
}));

export const getRun = defineHandler("getRun")(async ({ app, workspace, params }) => ({
  status: 200,
  body: await get({ ctx: app, workspace: workspaceOf(workspace), runId: params.runId }),
}));

export const listRunResponses = defineHandler("listRunResponses")(
  async ({ app, workspace, params, query }) => ({
    status: 200,
    body: await listResponses({
      ctx: app,
      workspace: workspaceOf(workspace),
      runId: params.runId,
      limit: query.limit ?? 20,
      cursor: query.cursor,
    }),
  }),
);
