import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getCompetitor as getCompetitorService } from "../../services/workspace-config/get-competitor.js";

export const getCompetitor = defineHandler("getCompetitor")(async ({ app, workspace, params }) => ({
  status: 200,
  body: await getCompetitorService({
    ctx: app,
    workspace: workspaceOf(workspace),
    competitorId: params.competitorId,
  }),
}));
