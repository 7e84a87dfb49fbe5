import type { ResponseBody } from "@geopulse/api-types";
import { credentialAad, credentialIdentity } from "../../crypto/credential-identity.js";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";

export interface RevealWorkspaceCredentialOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  connector: string;
  key: string;
}

/**
 * The decrypted value of one credential, or `404 not_found`. The
 * `credential.reveal` audit record is written in the same transaction as the
 * read, so a value is never returned without its record; a value that fails
 * to open (tampered, moved, or sealed with a retired key) rolls it back and
 * answers 500 without revealing anything.
 */
export async function revealWorkspaceCredential(
  options: RevealWorkspaceCredentialOptions,
): Promise<ResponseBody<"revealWorkspaceCredential", 200>> {
  const { ctx, workspace } = options;
  const identity = credentialIdentity(workspace, options.connector, options.key);
  return ctx.prisma.$transaction(async (tx) => {
    const row = await tx.storedCredential.findUnique({
      where: { workspaceId_connector_key: identity },
    });
    if (!row) throw errors.notFound("Credential");
    await audit(options, tx, "credential.reveal", ["stored_credential", row.id], {
      connector: row.connector,
      key: row.key,
    });
    const value = ctx.secrets.secretBox.open(row.ciphertext, credentialAad(identity));
    return { workspace: workspace.slug, connector: row.connector, key: row.key, value };
  });
}
