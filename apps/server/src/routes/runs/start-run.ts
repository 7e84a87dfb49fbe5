import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { startRun as start } from "../../services/runs/start-run.js";

export const startRun = defineHandler("startRun")(
  async ({ app, principal, workspace, body, requestId }) => ({
    status: 202,
    body: await start({
      ctx: app,
      principal,
      workspace: workspaceOf(workspace),
      requestId,
      input: body,
    }),
  }),
);
