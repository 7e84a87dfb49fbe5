import { defineHandler } from "../../http/handler.js";
import { sessionOf } from "../../http/require.js";
import { revealWorkspaceCredential as revealWorkspaceCredentialService } from "../../services/credentials/reveal-workspace-credential.js";

export const revealWorkspaceCredential = defineHandler("revealWorkspaceCredential")(
  async ({ op, params }) => ({
    status: 200,
    body: await revealWorkspaceCredentialService({
      ...op,
      principal: sessionOf(op.principal),
      connector: params.connector,
      key: params.key,
    }),
  }),
);
