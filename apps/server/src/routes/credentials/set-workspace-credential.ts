import { defineHandler } from "../../http/handler.js";
import { sessionOf, workspaceOf } from "../../http/require.js";
import { setWorkspaceCredential as setWorkspaceCredentialService } from "../../services/credentials/set-workspace-credential.js";

export const setWorkspaceCredential = defineHandler("setWorkspaceCredential")(
  async ({ app, principal, workspace, body, requestId }) => {
    const { rotated, credential } = await setWorkspaceCredentialService({
      ctx: app,
      principal: sessionOf(principal),
      workspace: workspaceOf(workspace),
      requestId,
      input: body,
    });
    return rotated ? { status: 200, body: credential } : { status: 201, body: credential };
  },
);
