import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { createCompetitor as createCompetitorService } from "../../services/workspace-config/create-competitor.js";

export const createCompetitor = defineHandler("createCompetitor")(
  async ({ app, principal, workspace, requestId, body }) => ({
    status: 201,
    body: await createCompetitorService({
      ctx: app,
      workspace: workspaceOf(workspace),
      principal,
      requestId,
      input: body,
    }),
  }),
);
