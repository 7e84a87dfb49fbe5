import type { GoogleServiceAccountKey } from "./google-service-account-key.js";

export type GoogleFailureCode =
  | "credential_invalid"
  | "property_not_accessible"
  | "api_not_enabled"
  | "quota_exceeded"
  | "provider_error";

export interface GoogleFailure {
  code: GoogleFailureCode;
  /** In words, for the person who configures the connection; never any part of the key. */
  message: string;
}

interface ErrorLike {
  status?: number;
  response?: { status?: number; data?: unknown; config?: { url?: unknown } };
  code?: unknown;
}

const apiNames = {
  search_console: { name: "Google Search Console API", service: "searchconsole.googleapis.com" },
  analytics: { name: "Google Analytics Data API", service: "analyticsdata.googleapis.com" },
} as const;

export interface DescribeGoogleFailureOptions {
  error: unknown;
  provider: "search_console" | "analytics";
  property: string;
  /** The service-account key; absent for an OAuth credential (a person's Google account). */
  key?: GoogleServiceAccountKey | undefined;
}

/**
 * Sorts what Google's clients threw into the errors people act on, from Google's wire shapes:
 * the token endpoint's `{ "error": "invalid_grant" }` (OAuth 2.0), and the APIs'
 * `{ "error": { code, message, status, errors[].reason, details[].reason } }`, where a 403 is
 * either `SERVICE_DISABLED` (reason `accessNotConfigured`) or a missing permission.
 */
export function describeGoogleFailure({
  error,
  provider,
  property,
  key,
}: DescribeGoogleFailureOptions): GoogleFailure {
  const e = (typeof error === "object" && error !== null ? error : {}) as ErrorLike;
  const status = e.response?.status ?? e.status;
  const data = e.response?.data;
  const api = apiNames[provider];
  const account = key
    ? `The service account ${key.clientEmail}`
    : "The Google account that authorized GEO Pulse";
  const oauthError = oauthErrorOf(data);
  if ((oauthError !== undefined || status === 401) && !key) {
    return {
      code: "credential_invalid",
      message:
        "Google refused the OAuth authorization" +
        (oauthError ? ` (${oauthError})` : "") +
        ": access was revoked or has expired. Connect with Google again.",
    };
  }
  if (key && (oauthError !== undefined || status === 401)) {
    return {
      code: "credential_invalid",
      message:
        `Google refused the service-account key of ${key.clientEmail}` +
        (oauthError ? ` (${oauthError})` : "") +
        ": the key was deleted or disabled, or the account no longer exists. Create a new key " +
        "in Google Cloud and store it again.",
    };
  }
  const apiError = apiErrorOf(data);
  if (status === 403 && apiError && isServiceDisabled(apiError)) {
    const project = key?.projectId ? ` in the Google Cloud project ${key.projectId}` : "";
    return {
      code: "api_not_enabled",
      message: `The ${api.name} (${api.service}) is not enabled${project}. Enable it in the Google Cloud console, wait a few minutes, then test again.`,
    };
  }
  if (status === 403 || status === 404) {
    const where = provider === "search_console" ? "Search Console property" : "GA4 property";
    const grant =
      provider === "search_console"
        ? "Add it as a user of the property in Search Console (Settings, Users and permissions)."
        : "Add it as a Viewer of the property in Google Analytics (Admin, Property access management).";
    return {
      code: "property_not_accessible",
      message: `${account} cannot access the ${where} ${property}. ${grant}`,
    };
  }
  if (status === 429) {
    return {
      code: "quota_exceeded",
      message: `Google's quota for the ${api.name} is exhausted for now; test again later.`,
    };
  }
  const detail = status ? `answered HTTP ${status}` : "could not be reached";
  const words = apiError?.message ? `: ${clip(apiError.message).replace(/[.\s]+$/, "")}` : "";
  return { code: "provider_error", message: `The ${api.name} ${detail}${words}.` };
}

function oauthErrorOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const error = (data as { error?: unknown }).error;
  return typeof error === "string" ? clip(error) : undefined;
}

interface ApiError {
  message?: string;
  status?: string;
  errors?: Array<{ reason?: string }>;
  details?: Array<{ reason?: string }>;
}

function apiErrorOf(data: unknown): ApiError | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const error = (data as { error?: unknown }).error;
  return typeof error === "object" && error !== null ? (error as ApiError) : undefined;
}

function isServiceDisabled(error: ApiError): boolean {
  return (
    (Array.isArray(error.details) && error.details.some((d) => d?.reason === "SERVICE_DISABLED")) ||
    (Array.isArray(error.errors) && error.errors.some((d) => d?.reason === "accessNotConfigured"))
  );
}

/** Text from Google, bounded (it is shown to people, never interpreted). */
const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);
