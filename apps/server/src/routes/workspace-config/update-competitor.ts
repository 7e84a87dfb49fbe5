import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { updateCompetitor as updateCompetitorService } from "../../services/workspace-config/update-competitor.js";

export const updateCompetitor = defineHandler("updateCompetitor")(
  async ({ app, principal, workspace, requestId, params, body }) => ({
    status: 200,
    body: await updateCompetitorService({
      ctx: app,
      workspace: workspaceOf(workspace),
      principal,
      requestId,
      competitorId: params.competitorId,
      input: body,
    }),
  }),
);
