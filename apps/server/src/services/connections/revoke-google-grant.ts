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
 * Never throws: the deletion is committed, so a grant that cannot be revoked (Google already
 * dropped it, Google unreachable or answering an error, or the sealed token does not open) is
 * logged (the workspace and a code, no secret) and the grant stays deleted here either way;
 * callers revoking several grants thus revoke each one independently.
 */
export async function revokeGoogleGrant({
  ctx,
  workspace,
  credential,
}: RevokeGoogleGrantOptions): Promise<void> {
  const failed = (code: string) =>
    ctx.logger.warn({ workspaceId: workspace.id, code }, "google oauth revoke failed");
  const oauth = ctx.config.googleOAuth;
  let sealed: string;
  try {
    sealed = ctx.secrets.secretBox.open(
      credential.ciphertext,
      credentialAad({
        workspaceId: workspace.id,
        connector: credential.connector,
        key: credential.key,
      }),
    );
  } catch {
    failed("unopenable");
    return;
  }
  const grant = parseOAuthCredential(sealed);
  if (!oauth || !grant) return;
  const client = googleOAuthClient({ oauth, endpoints: ctx.config.google });
  await client.revokeToken(grant.refreshToken).catch((error: unknown) => {
    failed(oauthErrorCode(error) ?? "unreachable");
  });
}
