import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { listCompetitors as listCompetitorsService } from "../../services/workspace-config/list-competitors.js";

export const listCompetitors = defineHandler("listCompetitors")(async ({ app, workspace }) => ({
  status: 200,
  body: await listCompetitorsService({ ctx: app, workspace: workspaceOf(workspace) }),
}));
