import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { deleteCompetitor as deleteCompetitorService } from "../../services/workspace-config/delete-competitor.js";

export const deleteCompetitor = defineHandler("deleteCompetitor")(
  async ({ app, principal, workspace, requestId, params }) => {
    await deleteCompetitorService({
      ctx: app,
      principal,
      workspace: workspaceOf(workspace),
      requestId,
      competitorId: params.competitorId,
    });
    return { status: 204, body: undefined };
  },
);
