/** A credential's natural key: one value per workspace, connector and key name. */
export interface CredentialIdentity {
  workspaceId: string;
  connector: string;
  key: string;
}

export function credentialIdentity(
  workspace: { id: string },
  connector: string,
  key: string,
): CredentialIdentity {
  return { workspaceId: workspace.id, connector, key };
}

/**
 * The associated data a credential is sealed with. It binds the ciphertext to
 * its row: copied to another workspace, connector or key, it no longer opens.
 * Connector and key names cannot contain ":" (see the contract's patterns), so
 * distinct identities never share associated data.
 */
export function credentialAad({ workspaceId, connector, key }: CredentialIdentity): string {
  return `credential:${workspaceId}:${connector}:${key}`;
}
