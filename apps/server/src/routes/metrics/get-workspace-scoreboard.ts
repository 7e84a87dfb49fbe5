import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getWorkspaceScoreboard as getScoreboard } from "../../services/metrics/get-workspace-metrics.js";

export const getWorkspaceScoreboard = defineHandler("getWorkspaceScoreboard")(
  async ({ app, workspace }) => ({
    status: 200,
    body: await getScoreboard({ ctx: app, access: workspaceOf(workspace) }),
  }),
);
