import { credentialIdentity } from "../../crypto/credential-identity.js";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";

export interface DeleteWorkspaceCredentialOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  connector: string;
  key: string;
}

/** Deletes one credential (audited as `credential.delete`), or `404 not_found`. */
export async function deleteWorkspaceCredential(
  options: DeleteWorkspaceCredentialOptions,
): Promise<void> {
  const { ctx, workspace } = options;
  const identity = credentialIdentity(workspace, options.connector, options.key);
  await ctx.prisma.$transaction(async (tx) => {
    const row = await tx.storedCredential.findUnique({
      where: { workspaceId_connector_key: identity },
    });
    // deleteMany, not delete: a concurrent delete leaves 0 rows, a 404, not a P2025.
    const deleted = row ? await tx.storedCredential.deleteMany({ where: { id: row.id } }) : null;
    if (!row || deleted?.count !== 1) throw errors.notFound("Credential");
    await audit(options, tx, "credential.delete", ["stored_credential", row.id], {
      connector: row.connector,
      key: row.key,
    });
  });
}
