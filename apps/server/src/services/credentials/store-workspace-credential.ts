import type { CredentialKind } from "@geopulse/api-types";
import type { StoredCredential as StoredCredentialRow } from "@geopulse/db";
import { type CredentialIdentity, credentialAad } from "../../crypto/credential-identity.js";
import { newId } from "../../ids.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";

export interface StoreWorkspaceCredentialOptions extends WorkspaceOperation {
  identity: CredentialIdentity;
  /** The secret: sealed here, never stored or logged in the clear. */
  value: string;
  kind: CredentialKind;
  /** What lists show instead of the value. */
  maskedValue: string;
  /** Called in the transaction with the credential already stored; may throw to refuse. */
  onExisting?: (existing: StoredCredentialRow) => void;
}

/**
 * Seals a credential with the current encryption key (bound to its row by the associated data)
 * and creates or replaces it in one transaction with its audit record (`credential.set` or
 * `credential.rotate`). Returns the row and the one it replaced, whose ciphertext the caller may
 * still open (e.g. to revoke an OAuth grant it held).
 */
export async function storeWorkspaceCredential(
  options: StoreWorkspaceCredentialOptions,
): Promise<{ row: StoredCredentialRow; replaced: StoredCredentialRow | null }> {
  const { ctx, identity, kind, maskedValue } = options;
  const now = ctx.clock.now();
  const ciphertext = ctx.secrets.secretBox.seal(options.value, credentialAad(identity));
  const sealed = {
    ciphertext,
    encryptionKeyId: ctx.secrets.secretBox.keyIdOf(ciphertext),
    maskedValue,
    kind,
    // A Google grant is a person's: it is detached when they leave the workspace.
    grantedByUserId:
      kind === "google_oauth" && options.principal.kind === "session"
        ? options.principal.userId
        : null,
    updatedAt: now,
  };
  return ctx.prisma.$transaction(async (tx) => {
    const replaced = await tx.storedCredential.findUnique({
      where: { workspaceId_connector_key: identity },
    });
    if (replaced) options.onExisting?.(replaced);
    const row = replaced
      ? await tx.storedCredential.update({ where: { id: replaced.id }, data: sealed })
      : await tx.storedCredential.create({
          data: { id: newId("cred", ctx.clock), ...identity, ...sealed, createdAt: now },
        });
    await audit(
      options,
      tx,
      replaced ? "credential.rotate" : "credential.set",
      ["stored_credential", row.id],
      {
        connector: row.connector,
        key: row.key,
        kind: row.kind,
        encryptionKeyId: row.encryptionKeyId,
      },
    );
    return { row, replaced };
  });
}
