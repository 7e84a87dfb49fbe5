import { credentialAad } from "../../crypto/credential-identity.js";
import { googleOAuthClient, oauthErrorCode } from "../../engines/google/google-oauth.js";
import { parseOAuthCredential } from "../../engines/google/google-oauth-credential.js";
import type { WorkspaceOperation } from "../operation.js";

export interface RevokeGoogleGrantOptions extends Pick<WorkspaceOperation, "ctx" | "workspace"> {
  /** The deleted `google_oauth` credential, whose sealed refresh token is revoked. */
  credential: { ciphertext: string; connector: string; key: string };
}

/**
 * Revokes an OAuth grant's refresh token at Google, after the transaction that deleted it here.
 * Google may already have dropped it (the person revoked access in their account): that, or
 * Google unreachable, is logged, and the grant stays deleted here either way.
 */
export async function revokeGoogleGrant({
  ctx,
  workspace,
  credential,
}: RevokeGoogleGrantOptions): Promise<void> {
  const oauth = ctx.config.googleOAuth;
  const grant = parseOAuthCredential(
    ctx.secrets.secretBox.open(
      credential.ciphertext,
      credentialAad({
        workspaceId: workspace.id,
        connector: credential.connector,
        key: credential.key,
      }),
    ),
  );
  if (!oauth || !grant) return;
  const client = googleOAuthClient({ oauth, endpoints: ctx.config.google });
  await client.revokeToken(grant.refreshToken).catch((error: unknown) => {
    ctx.logger.warn(
      { workspaceId: workspace.id, code: oauthErrorCode(error) ?? "unreachable" },
      "google oauth revoke failed",
    );
  });
}
