import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { cancelRun as cancel } from "../../services/runs/cancel-run.js";

export const cancelRun = defineHandler("cancelRun")(
  async ({ app, principal, workspace, params, requestId }) => ({
    status: 200,
    body: await cancel({
      ctx: app,
      principal,
      workspace: workspaceOf(workspace),
      requestId,
      runId: params.runId,
    }),
  }),
);
