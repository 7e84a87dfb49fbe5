import { defineHandler } from "../../http/handler.js";
import { sessionOf, workspaceOf } from "../../http/require.js";
import { revealWorkspaceCredential as revealWorkspaceCredentialService } from "../../services/credentials/reveal-workspace-credential.js";

export const revealWorkspaceCredential = defineHandler("revealWorkspaceCredential")(
  async ({ app, principal, workspace, params, requestId }) => ({
    status: 200,
    body: await revealWorkspaceCredentialService({
      ctx: app,
      principal: sessionOf(principal),
      workspace: workspaceOf(workspace),
      requestId,
      connector: params.connector,
      key: params.key,
    }),
  }),
);
