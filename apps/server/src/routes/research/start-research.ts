import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { startResearch as start } from "../../services/research/start-research.js";

export const startResearch = defineHandler("startResearch")(
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
