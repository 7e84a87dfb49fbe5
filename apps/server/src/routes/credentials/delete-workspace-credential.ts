import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { deleteWorkspaceCredential as deleteWorkspaceCredentialService } from "../../services/credentials/delete-workspace-credential.js";

export const deleteWorkspaceCredential = defineHandler("deleteWorkspaceCredential")(
  async ({ op, params }) => {
    await deleteWorkspaceCredentialService({
      ...sessionOp(op),
      connector: params.connector,
      key: params.key,
    });
    return { status: 204, body: undefined };
  },
);
