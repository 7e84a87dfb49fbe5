import type { CredentialKind, RequestBody, StoredCredential } from "@geopulse/api-types";
import { credentialIdentity } from "../../crypto/credential-identity.js";
import { isUniqueViolation } from "../../db-errors.js";
import {
  parseServiceAccountKey,
  serviceAccountLabel,
} from "../../engines/google/google-service-account-key.js";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import type { WorkspaceOperation } from "../operation.js";
import { maskCredentialValue } from "./mask-credential-value.js";
import { storeWorkspaceCredential } from "./store-workspace-credential.js";
import { toStoredCredential } from "./to-stored-credential.js";

export interface SetWorkspaceCredentialOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  input: RequestBody<"setWorkspaceCredential">;
}

export interface SetWorkspaceCredentialResult {
  /** True when an existing value was replaced (200), false when one was created (201). */
  rotated: boolean;
  credential: StoredCredential;
}

/**
 * Stores a connector credential, sealed with the current encryption key and
 * bound to its row by the associated data. An existing credential is only
 * replaced with `rotate: true` (its createdAt kept), else `409
 * credential_exists`. `rotate: true` for a credential that does not exist
 * yet creates it (201): rotate permits replacing, it does not require a value
 * to replace. Audited as `credential.set` or `credential.rotate`, without
 * the value.
 */
export async function setWorkspaceCredential(
  options: SetWorkspaceCredentialOptions,
): Promise<SetWorkspaceCredentialResult> {
  try {
    return await setOnce(options);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent request created the same credential between our read and
    // our insert. Without rotate that is a conflict; with rotate, replace it.
    if (!options.input.rotate) throw errors.credentialExists(options.input);
    return setOnce(options);
  }
}

/**
 * A `google_service_account` value must be a Google service-account key (else `400` naming
 * `value`, without quoting it); it is masked as its account and key id end, not its text.
 */
function maskedValueOf(kind: CredentialKind, value: string): string {
  if (kind === "secret") return maskCredentialValue(value);
  if (kind === "google_oauth")
    throw errors.field(
      "body.kind",
      "oauth_flow",
      "kind google_oauth is stored by the connections OAuth flow (startConnectionOAuth), not set directly.",
    );
  const parsed = parseServiceAccountKey(value);
  if (!parsed.ok)
    throw errors.field("body.value", "service_account_key", `value ${parsed.problem}.`);
  return serviceAccountLabel(parsed.key);
}

async function setOnce(
  options: SetWorkspaceCredentialOptions,
): Promise<SetWorkspaceCredentialResult> {
  const { workspace, input } = options;
  const kind = input.kind ?? "secret";
  const { row, replaced } = await storeWorkspaceCredential({
    ...options,
    identity: credentialIdentity(workspace, input.connector, input.key),
    value: input.value,
    kind,
    maskedValue: maskedValueOf(kind, input.value),
    onExisting: () => {
      if (!input.rotate) throw errors.credentialExists(input);
    },
  });
  return { rotated: replaced !== null, credential: toStoredCredential(row, workspace.slug) };
}
