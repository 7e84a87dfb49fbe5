import { defineHandler } from "../../http/handler.js";
import { sessionOf, workspaceOf } from "../../http/require.js";
import { deleteWorkspaceCredential as deleteWorkspaceCredentialService } from "../../services/credentials/delete-workspace-credential.js";

export const deleteWorkspaceCredential = defineHandler("deleteWorkspaceCredential")(
  async ({ app, principal, workspace, params, requestId }) => {
    await deleteWorkspaceCredentialService({
      ctx: app,
      principal: sessionOf(principal),
      workspace: workspaceOf(workspace),
      requestId,
      connector: params.connector,
      key: params.key,
    });
    return { status: 204, body: undefined };
  },
);
