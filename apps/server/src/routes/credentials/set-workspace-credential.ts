import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { setWorkspaceCredential as setWorkspaceCredentialService } from "../../services/credentials/set-workspace-credential.js";

export const setWorkspaceCredential = defineHandler("setWorkspaceCredential")(
  async ({ op, body }) => {
    const { rotated, credential } = await setWorkspaceCredentialService({
      ...sessionOp(op),
      input: body,
    });
    return rotated ? { status: 200, body: credential } : { status: 201, body: credential };
  },
);
