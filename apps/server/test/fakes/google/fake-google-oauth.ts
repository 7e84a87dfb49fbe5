import { createPublicKey, type KeyObject, randomBytes, verify } from "node:crypto";
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

  token(form: URLSearchParams): GoogleReply {
    const grantType = form.get("grant_type");
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

function decode(part: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
