import type { ErrorCode, ErrorCodeForStatus, ErrorEnvelope } from "@geopulse/api-types";

/**
 * Error codes the API documents: the contract's `ErrorCode` list (generated, so it
 * always matches the server's). Others may appear as the API grows.
 */
export type KnownErrorCode = ErrorCode;

export interface GeoPulseErrorInit {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown> | undefined;
  requestId?: string | undefined;
  /** Seconds the server asked to wait (Retry-After), when it did. */
  retryAfterSeconds?: number | undefined;
}

/** An error answer of the API, with the envelope's fields. */
export class GeoPulseError extends Error {
  override name = "GeoPulseError";
  readonly status: number;
  readonly code: KnownErrorCode | (string & {});
  readonly details: Record<string, unknown> | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: GeoPulseErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** 400: the request was malformed; `details.fields` names each field and rule. */
export class InvalidRequestError extends GeoPulseError {
  override name = "InvalidRequestError";
  declare readonly code: ErrorCodeForStatus<400> | (string & {});
}
/** 401: missing, malformed, unknown or revoked credentials. */
export class AuthenticationError extends GeoPulseError {
  override name = "AuthenticationError";
  declare readonly code: ErrorCodeForStatus<401> | (string & {});
}
/** 402: the credit balance cannot cover the operation. */
export class InsufficientCreditsError extends GeoPulseError {
  override name = "InsufficientCreditsError";
  declare readonly code: ErrorCodeForStatus<402> | (string & {});
  get requiredMicrousd(): number | undefined {
    return this.details?.requiredMicrousd as number | undefined;
  }
  get availableMicrousd(): number | undefined {
    return this.details?.availableMicrousd as number | undefined;
  }
}
/** 403: a session is required, a scope is missing, or the address is not allowed. */
export class PermissionError extends GeoPulseError {
  override name = "PermissionError";
  declare readonly code: ErrorCodeForStatus<403> | (string & {});
}
/** 404: including `workspace_not_found` for any workspace the key may not see. */
export class NotFoundError extends GeoPulseError {
  override name = "NotFoundError";
  declare readonly code: ErrorCodeForStatus<404> | (string & {});
}
/** 409: a conflicting state. */
export class ConflictError extends GeoPulseError {
  override name = "ConflictError";
  declare readonly code: ErrorCodeForStatus<409> | (string & {});
}
/** 429: slow down; `retryAfterSeconds` says for how long. */
export class RateLimitError extends GeoPulseError {
  override name = "RateLimitError";
  declare readonly code: ErrorCodeForStatus<429> | (string & {});
}
/** 5xx: the service failed. */
export class ApiError extends GeoPulseError {
  override name = "ApiError";
  declare readonly code: ErrorCodeForStatus<"5xx"> | (string & {});
}
/** The service could not be reached (network, DNS, timeout). */
export class ConnectionError extends GeoPulseError {
  override name = "ConnectionError";
  constructor(message: string, options?: { cause?: unknown }) {
    super({ status: 0, code: "connection_error", message });
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

const classByStatus: Record<number, typeof GeoPulseError> = {
  400: InvalidRequestError,
  401: AuthenticationError,
  402: InsufficientCreditsError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
};

export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The typed error for an error response (the envelope, or a bare status). */
export function errorFromResponse(response: Response, body: unknown): GeoPulseError {
  const envelope = (body as ErrorEnvelope | undefined)?.error;
  const Class =
    classByStatus[response.status] ?? (response.status >= 500 ? ApiError : GeoPulseError);
  return new Class({
    status: response.status,
    code: envelope?.code ?? `http_${response.status}`,
    message: envelope?.message ?? `${response.status} ${response.statusText}`.trim(),
    details: envelope?.details as Record<string, unknown> | undefined,
    requestId: envelope?.requestId ?? response.headers.get("x-request-id") ?? undefined,
    retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after")),
  });
}
