import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { revealWorkspaceCredential as revealWorkspaceCredentialService } from "../../services/credentials/reveal-workspace-credential.js";

export const revealWorkspaceCredential = defineHandler("revealWorkspaceCredential")(
  async ({ op, params }) => ({
    status: 200,
    body: await revealWorkspaceCredentialService({
      ...sessionOp(op),
      connector: params.connector,
      key: params.key,
    }),
  }),
);
