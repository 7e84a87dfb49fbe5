import { defineHandler } from "../../http/handler.js";
import { listWorkspaceCredentials as listWorkspaceCredentialsService } from "../../services/credentials/list-workspace-credentials.js";

export const listWorkspaceCredentials = defineHandler("listWorkspaceCredentials")(
  async ({ op }) => ({
    status: 200,
    body: await listWorkspaceCredentialsService(op),
  }),
);
