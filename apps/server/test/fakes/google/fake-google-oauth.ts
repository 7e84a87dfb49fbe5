import { createHash, createPublicKey, type KeyObject, randomBytes, verify } from "node:crypto";
import type { GoogleReply } from "./google-wire.js";

/** Google's token URL: the `aud` a service account's assertion must carry. */
export const GOOGLE_TOKEN_AUDIENCE = "https://oauth2.googleapis.com/token";
const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

export interface FakeServiceAccount {
  clientEmail: string;
  /** The public half of the key pair whose private key signs the assertions. */
  publicKey: KeyObject;
  projectNumber: string;
  /** A deleted or disabled key: Google answers `invalid_grant`. */
  revoked: boolean;
}

export interface FakeRefreshToken {
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /** The account the token acts for (the one Search Console / GA4 grants name). */
  email: string;
  projectNumber: string;
  revoked: boolean;
}

/** A code the consent screen issued, waiting for the authorization_code grant. */
export interface FakeAuthorizationCode {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string;
  email: string;
  used: boolean;
}

/** Who clicks "Allow" (or "Cancel") on the fake consent screen. */
export interface FakeConsent {
  email: string;
  projectNumber?: string;
  /** The person declines: the redirect carries `error=access_denied`. */
  deny?: boolean;
}

/** An access token the fake issued, with what it may do. */
export interface IssuedToken {
  email: string;
  scopes: string[];
  projectNumber: string;
  expiresAt: number;
}

const oauthError = (status: number, error: string, description: string): GoogleReply => ({
  status,
  body: { error, error_description: description },
});

/**
 * The OAuth 2.0 token endpoint (`POST /token`, form-encoded) as Google runs it: the JWT
 * bearer grant of service accounts (RS256 assertion verified against the account's public key;
 * `iss`, `aud`, `scope`, `iat`/`exp` checked) and the refresh-token grant, with Google's
 * `{ "error", "error_description" }` answers.
 */
export class FakeGoogleOAuth {
  readonly serviceAccounts = new Map<string, FakeServiceAccount>();
  readonly refreshTokens = new Map<string, FakeRefreshToken>();
  readonly tokens = new Map<string, IssuedToken>();
  /** OAuth clients (id → secret), as registered in the Cloud console. */
  readonly clients = new Map<string, string>();
  readonly codes = new Map<string, FakeAuthorizationCode>();
  /** The query of every authorization request received (the test reads what the client sent). */
  readonly authorizations: Array<Record<string, string>> = [];
  /** Refresh tokens revoked through `POST /revoke`. */
  readonly revocations: string[] = [];
  consent: FakeConsent = { email: "owner@acme.com" };
  /** Scopes each Google account granted each client so far (`<client> <email>`), as Google keeps them. */
  readonly grantedScopes = new Map<string, Set<string>>();
  /** The decoded claims of every assertion received (the test reads what the library signed). */
  readonly assertions: Array<Record<string, unknown>> = [];

  addServiceAccount(account: {
    clientEmail: string;
    publicKeyPem: string;
    projectNumber?: string;
  }): void {
    this.serviceAccounts.set(account.clientEmail, {
      clientEmail: account.clientEmail,
      publicKey: createPublicKey(account.publicKeyPem),
      projectNumber: account.projectNumber ?? "123456789012",
      revoked: false,
    });
  }

  /** Deletes the account's key, as in the Cloud console: its assertions no longer verify. */
  revokeServiceAccountKey(clientEmail: string): void {
    const account = this.serviceAccounts.get(clientEmail);
    if (account) account.revoked = true;
  }

  addRefreshToken(
    token: string,
    grant: Omit<FakeRefreshToken, "revoked" | "projectNumber"> & { projectNumber?: string },
  ): void {
    this.refreshTokens.set(token, { projectNumber: "123456789012", ...grant, revoked: false });
  }

  addClient(clientId: string, clientSecret: string): void {
    this.clients.set(clientId, clientSecret);
  }

  /**
   * Google's consent screen (`GET /o/oauth2/v2/auth`), clicked through at once by `consent`:
   * checks the client, `response_type=code`, the redirect URI, scopes and a PKCE S256
   * challenge, then redirects (302) to the redirect URI with `code` and `state`, or
   * `error=access_denied` when the person declines. Errors a browser would see are 400.
   */
  authorize(query: URLSearchParams): { status: number; location?: string; body?: string } {
    this.authorizations.push(Object.fromEntries(query));
    const clientId = query.get("client_id") ?? "";
    const redirectUri = query.get("redirect_uri") ?? "";
    if (!this.clients.has(clientId)) return { status: 401, body: "Error 401: invalid_client" };
    if (!/^https?:\/\//.test(redirectUri))
      return { status: 400, body: "Error 400: redirect_uri_mismatch" };
    const scopes = (query.get("scope") ?? "").split(" ").filter(Boolean);
    const challenge = query.get("code_challenge") ?? "";
    if (
      query.get("response_type") !== "code" ||
      scopes.length === 0 ||
      query.get("code_challenge_method") !== "S256" ||
      !/^[A-Za-z0-9_-]{43}$/.test(challenge)
    )
      return { status: 400, body: "Error 400: invalid_request" };
    const back = new URL(redirectUri);
    const state = query.get("state");
    // Google's redirect leaves reserved characters raw (`code=4/0A…`, `scope=https://…`).
    const params: Array<[string, string]> = [];
    if (this.consent.deny) {
      params.push(["error", "access_denied"]);
    } else {
      // Incremental authorization: with include_granted_scopes=true Google's grant also holds
      // every scope this account granted this client before.
      const account = `${clientId} ${this.consent.email}`;
      const earlier = this.grantedScopes.get(account) ?? new Set<string>();
      this.grantedScopes.set(account, new Set([...earlier, ...scopes]));
      if (query.get("include_granted_scopes") === "true")
        for (const scope of earlier) if (!scopes.includes(scope)) scopes.push(scope);
      const code = `4/0A${randomBytes(24).toString("base64url")}`;
      this.codes.set(code, {
        clientId,
        redirectUri,
        scopes,
        codeChallenge: challenge,
        email: this.consent.email,
        used: false,
      });
      params.push(["code", code], ["scope", scopes.join(" ")]);
    }
    if (state !== null) params.push(["state", state]);
    back.search = params.map(([name, value]) => `${name}=${rawReserved(value)}`).join("&");
    return { status: 302, location: back.toString() };
  }

  /** `POST /revoke` (token in the query or the form): Google answers 200 `{}` or 400. */
  revoke(token: string): GoogleReply {
    const grant = this.refreshTokens.get(token);
    if (!grant || grant.revoked)
      return oauthError(400, "invalid_token", "Token expired or revoked");
    grant.revoked = true;
    this.revocations.push(token);
    return { status: 200, body: {} };
  }

  token(form: URLSearchParams): GoogleReply {
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") return this.authorizationCode(form);
    if (grantType === JWT_BEARER) return this.jwtBearer(form.get("assertion") ?? "");
    if (grantType === "refresh_token") return this.refresh(form);
    return oauthError(400, "unsupported_grant_type", `Invalid grant_type: ${grantType ?? ""}`);
  }

  private jwtBearer(assertion: string): GoogleReply {
    const parts = assertion.split(".");
    if (parts.length !== 3) return oauthError(400, "invalid_request", "Invalid JWT: malformed.");
    const [headerText, payloadText, signature] = parts as [string, string, string];
    const header = decode(headerText);
    const claims = decode(payloadText);
    if (!header || !claims) return oauthError(400, "invalid_request", "Invalid JWT: malformed.");
    this.assertions.push(claims);
    if (header.alg !== "RS256") return oauthError(400, "invalid_grant", "Invalid JWT Signature.");
    const account =
      typeof claims.iss === "string" ? this.serviceAccounts.get(claims.iss) : undefined;
    if (!account) return oauthError(400, "invalid_grant", "Invalid grant: account not found");
    const signed = verify(
      "RSA-SHA256",
      Buffer.from(`${headerText}.${payloadText}`),
      account.publicKey,
      Buffer.from(signature, "base64url"),
    );
    if (!signed || account.revoked)
      return oauthError(400, "invalid_grant", "Invalid JWT Signature.");
    if (claims.aud !== GOOGLE_TOKEN_AUDIENCE)
      return oauthError(400, "invalid_grant", "Invalid JWT: Failed audience check.");
    const now = Math.floor(Date.now() / 1000);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (
      !Number.isFinite(iat) ||
      !Number.isFinite(exp) ||
      exp <= now ||
      exp - iat > 3600 ||
      iat > now + 300
    )
      return oauthError(
        400,
        "invalid_grant",
        "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.",
      );
    const scopes = typeof claims.scope === "string" ? claims.scope.split(" ").filter(Boolean) : [];
    if (scopes.length === 0)
      return oauthError(400, "invalid_scope", "Invalid OAuth scope or ID token audience provided.");
    return this.issue(
      { email: account.clientEmail, scopes, projectNumber: account.projectNumber },
      false,
    );
  }

  /** The authorization_code grant with PKCE: S256(code_verifier) must be the recorded challenge. */
  private authorizationCode(form: URLSearchParams): GoogleReply {
    const clientId = form.get("client_id") ?? "";
    const secret = this.clients.get(clientId);
    if (secret === undefined)
      return oauthError(401, "invalid_client", "The OAuth client was not found.");
    if (secret !== form.get("client_secret"))
      return oauthError(401, "invalid_client", "Unauthorized");
    const grant = this.codes.get(form.get("code") ?? "");
    if (!grant || grant.used || grant.clientId !== clientId)
      return oauthError(400, "invalid_grant", "Malformed auth code.");
    if (grant.redirectUri !== form.get("redirect_uri"))
      return oauthError(400, "redirect_uri_mismatch", "Bad Request");
    const verifier = form.get("code_verifier") ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (!verifier || challenge !== grant.codeChallenge)
      return oauthError(400, "invalid_grant", "Invalid code verifier.");
    grant.used = true;
    const refreshToken = `1//0g${randomBytes(32).toString("base64url")}`;
    this.addRefreshToken(refreshToken, {
      clientId,
      clientSecret: secret,
      scopes: grant.scopes,
      email: grant.email,
      ...(this.consent.projectNumber ? { projectNumber: this.consent.projectNumber } : {}),
    });
    const issued = this.issue(
      { email: grant.email, scopes: grant.scopes, projectNumber: "123456789012" },
      true,
    );
    return { ...issued, body: { ...(issued.body as object), refresh_token: refreshToken } };
  }

  private refresh(form: URLSearchParams): GoogleReply {
    const grant = this.refreshTokens.get(form.get("refresh_token") ?? "");
    if (!form.get("client_id") || (grant && grant.clientId !== form.get("client_id")))
      return oauthError(401, "invalid_client", "The OAuth client was not found.");
    if (grant && grant.clientSecret !== form.get("client_secret"))
      return oauthError(401, "invalid_client", "Unauthorized");
    if (!grant || grant.revoked)
      return oauthError(400, "invalid_grant", "Token has been expired or revoked.");
    return this.issue(grant, true);
  }

  private issue(
    grant: { email: string; scopes: string[]; projectNumber: string },
    withScope: boolean,
  ): GoogleReply {
    const accessToken = `ya29.fake-${randomBytes(24).toString("base64url")}`;
    this.tokens.set(accessToken, {
      email: grant.email,
      scopes: grant.scopes,
      projectNumber: grant.projectNumber,
      expiresAt: Date.now() + 3599_000,
    });
    return {
      status: 200,
      body: {
        access_token: accessToken,
        expires_in: 3599,
        token_type: "Bearer",
        ...(withScope ? { scope: grant.scopes.join(" ") } : {}),
      },
    };
  }

  /** The grant behind an `Authorization: Bearer` header, or undefined (expired or unknown). */
  bearer(authorization: string | undefined): IssuedToken | undefined {
    const token = authorization?.match(/^Bearer (.+)$/)?.[1];
    const issued = token ? this.tokens.get(token) : undefined;
    return issued && issued.expiresAt > Date.now() ? issued : undefined;
  }
}

/** Percent-encodes a query value the way Google's redirect does: `/` and `:` stay raw. */
function rawReserved(value: string): string {
  return encodeURIComponent(value).replaceAll("%2F", "/").replaceAll("%3A", ":");
}

function decode(part: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
