/**
 * Typed application errors. Services and middleware throw these; the one error
 * handler (errors/error-handler.ts) turns them into the envelope. Status codes
 * live here, next to the codes they belong to, and nowhere else.
 */
const statusByCode = {
  invalid_request: 400,
  invalid_schedule: 400,
  ambiguous_credentials: 400,
  authorization_pending: 400,
  slow_down: 400,
  access_denied: 400,
  malformed_request: 400,
  expired_token: 400,
  invalid_signature: 400,
  unauthenticated: 401,
  invalid_key: 401,
  key_pending: 401,
  invalid_session: 401,
  invalid_sign_in_token: 401,
  insufficient_credits: 402,
  session_required: 403,
  insufficient_scope: 403,
  ip_forbidden: 403,
  role_forbidden: 403,
  invitation_email_mismatch: 403,
  workspace_not_found: 404,
  not_found: 404,
  invitation_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  idempotency_key_reused: 409,
  delivery_mismatch: 409,
  invalid_key_state: 409,
  rotation_not_acknowledged: 409,
  credential_exists: 409,
  already_member: 409,
  last_owner: 409,
  already_decided: 409,
  mock_topup_disabled: 409,
  reservation_closed: 409,
  active_set_full: 409,
  active_set_too_small: 409,
  prompt_exists: 409,
  competitor_exists: 409,
  too_many_competitors: 409,
  too_few_competitors: 409,
  run_finished: 409,
  no_active_prompts: 409,
  no_engines_configured: 409,
  delivery_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  not_implemented: 501,
  payment_provider_error: 502,
  email_unavailable: 503,
  billing_unavailable: 503,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof statusByCode;

export interface FieldError {
  field: string;
  rule: string;
  message: string;
}

export class AppError extends Error {
  override name = "AppError";
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    const status = statusByCode[code];
    // A 4xx is an expected answer, not a fault: capturing its stack trace would be the
    // costliest part of a rejected request, and no one reads it. 5xx keep theirs.
    const limit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.status = status;
  }
}

export const errors = {
  invalidRequest: (fields: FieldError[], message = "The request is invalid.") =>
    new AppError("invalid_request", message, { fields }),
  field: (field: string, rule: string, message: string) =>
    new AppError("invalid_request", message, { fields: [{ field, rule, message }] }),
  invalidSchedule: (field: string, message: string) =>
    new AppError("invalid_schedule", message, {
      fields: [{ field, rule: "schedule", message }],
    }),
  ambiguousCredentials: () =>
    new AppError("ambiguous_credentials", "Send either a session cookie or an API key, not both."),
  unauthenticated: () =>
    new AppError("unauthenticated", "Authentication is required: a session cookie or an API key."),
  invalidKey: () => new AppError("invalid_key", "The API key is not valid."),
  keyPending: () =>
    new AppError(
      "key_pending",
      "The API key is pending: it works once acknowledged (action acknowledge with its deliveryId, within 10 minutes of its creation).",
    ),
  invalidSession: () =>
    new AppError("invalid_session", "The session is not valid or has ended; sign in again."),
  sessionRequired: () =>
    new AppError(
      "session_required",
      "This operation needs a signed-in session; API keys cannot use it.",
    ),
  ipForbidden: () =>
    new AppError("ip_forbidden", "This API key may not be used from your network address."),
  insufficientScope: (requiredScope: string) =>
    new AppError("insufficient_scope", `The API key lacks the scope ${requiredScope}.`, {
      requiredScope,
    }),
  workspaceNotFound: () => new AppError("workspace_not_found", "Workspace not found."),
  notFound: (what = "Resource") => new AppError("not_found", `${what} not found.`),
  notImplemented: (operationId: string) =>
    new AppError(
      "not_implemented",
      `${operationId} is part of the contract but not yet available.`,
    ),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(
      "rate_limited",
      "Too many requests; try again later.",
      { retryAfterSeconds },
      { "Retry-After": String(retryAfterSeconds) },
    ),
};
