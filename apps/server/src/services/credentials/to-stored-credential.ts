import type { StoredCredential as StoredCredentialResponse } from "@geopulse/api-types";
import type { StoredCredential } from "@geopulse/db";

/** The public form of a stored credential: masked, never the ciphertext. */
export function toStoredCredential(
  row: StoredCredential,
  workspaceSlug: string,
): StoredCredentialResponse {
  return {
    id: row.id,
    workspace: workspaceSlug,
    kind: row.kind === "google_service_account" ? "google_service_account" : "secret",
    connector: row.connector,
    key: row.key,
    maskedValue: row.maskedValue,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
