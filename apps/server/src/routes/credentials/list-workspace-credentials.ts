import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { listWorkspaceCredentials as listWorkspaceCredentialsService } from "../../services/credentials/list-workspace-credentials.js";

export const listWorkspaceCredentials = defineHandler("listWorkspaceCredentials")(
  async ({ app, workspace }) => ({
    status: 200,
    body: await listWorkspaceCredentialsService({ ctx: app, workspace: workspaceOf(workspace) }),
  }),
);
