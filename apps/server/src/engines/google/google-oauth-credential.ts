/** What a `google_oauth` credential holds (sealed): the refresh token and the scopes granted. */
export interface GoogleOAuthCredential {
  refreshToken: string;
  scope: string;
}

export function serializeOAuthCredential(credential: GoogleOAuthCredential): string {
  return JSON.stringify({ refresh_token: credential.refreshToken, scope: credential.scope });
}

export function parseOAuthCredential(value: string): GoogleOAuthCredential | undefined {
  try {
    const parsed = JSON.parse(value) as { refresh_token?: unknown; scope?: unknown };
    if (typeof parsed.refresh_token !== "string" || parsed.refresh_token === "") return undefined;
    return {
      refreshToken: parsed.refresh_token,
      scope: typeof parsed.scope === "string" ? parsed.scope : "",
    };
  } catch {
    return undefined;
  }
}

/** The masked form: what it is, and the last 4 characters of the token to tell grants apart. */
export function oauthCredentialLabel(credential: GoogleOAuthCredential): string {
  return `Google account via OAuth (token …${credential.refreshToken.slice(-4)})`;
}
