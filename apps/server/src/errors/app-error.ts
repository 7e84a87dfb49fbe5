import { type ErrorCode, errorStatusByCode, type FieldError, type Role } from "@geopulse/api-types";
import {
  deliveryExpiredMessages,
  emailUnavailableMessages,
  unsupportedMediaTypeMessages,
} from "./error-messages.js";

/**
 * Typed application errors. Services and middleware throw these; the one error
 * handler (errors/error-handler.ts) turns them into the envelope. The codes and
 * their statuses are the contract's (`components/schemas/ErrorCode` in
 * spec/openapi.yaml, generated into @geopulse/api-types), so a code the contract
 * does not list cannot be thrown. An AppError is built only by a factory of
 * `errors` below, one per code at least.
 */
export type { ErrorCode, FieldError };

export class AppError<Code extends ErrorCode = ErrorCode> extends Error {
  override name = "AppError";
  readonly status: number;

  constructor(
    readonly code: Code,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    const status = errorStatusByCode[code];
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

/** `workspace_not_found` -> `workspaceNotFound`. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
type Factory<Code extends ErrorCode> = (...args: never[]) => AppError<Code>;
/** Every code of the contract has a factory named after it that builds that code. */
type FactoryPerCode = { [Code in ErrorCode as CamelCase<Code>]: Factory<Code> };

/** What an operation found no configured engine or provider for. */
type MissingEngines =
  | { for: "promptGeneration" }
  | { for: "chat"; provider: string }
  | { for: "research"; skippedProviders: unknown[] }
  | { for: "run"; skippedEngines: unknown[] };

function noEnginesConfigured(missing: MissingEngines): AppError<"no_engines_configured"> {
  switch (missing.for) {
    case "promptGeneration":
      return new AppError(
        "no_engines_configured",
        "No OpenAI key is configured for this workspace or the server; store an openai credential first.",
      );
    case "chat":
      return new AppError(
        "no_engines_configured",
        `The chat assistant's provider (${missing.provider}) has no key for this workspace or the server; store a ${missing.provider} credential or pick another assistant model.`,
        { provider: missing.provider },
      );
    case "research":
      return new AppError(
        "no_engines_configured",
        "None of the requested research providers is available; store an exa or perplexity credential first.",
        { skippedProviders: missing.skippedProviders },
      );
    case "run":
      return new AppError(
        "no_engines_configured",
        "No engine of this preset has a provider key; store one as a workspace credential.",
        { skippedEngines: missing.skippedEngines },
      );
  }
}

/** The factories: the one place an AppError is built, with its message and details. */
export const errors = {
  // 400
  invalidRequest: (fields: FieldError[], message = "The request is invalid.") =>
    new AppError("invalid_request", message, { fields }),
  /** A model field naming a model the catalog does not allow; `allowed` maps each field to its ids. */
  unknownModel: (fields: FieldError[], allowed: Record<string, string[]>) =>
    new AppError("invalid_request", "Only models of the catalog are accepted.", {
      fields,
      allowed,
    }),
  field: (field: string, rule: string, message: string) =>
    new AppError("invalid_request", message, { fields: [{ field, rule, message }] }),
  invalidSchedule: (field: string, message: string) =>
    new AppError("invalid_schedule", message, {
      fields: [{ field, rule: "schedule", message }],
    }),
  ambiguousCredentials: () =>
    new AppError("ambiguous_credentials", "Send either a session cookie or an API key, not both."),
  authorizationPending: (interval: number) =>
    new AppError("authorization_pending", "Waiting for the person to approve the request.", {
      interval,
    }),
  slowDown: (interval: number) =>
    new AppError("slow_down", "Polling too fast; wait longer between polls.", { interval }),
  accessDenied: () => new AppError("access_denied", "The request was denied."),
  expiredToken: () =>
    new AppError(
      "expired_token",
      "The device code expired, is unknown, or was already exchanged; start again.",
    ),
  invalidSignature: () =>
    new AppError(
      "invalid_signature",
      "The Stripe-Signature header is missing, does not match the payload, or is too old.",
    ),
  malformedRequest: () => new AppError("malformed_request", "The request is not well-formed HTTP."),
  // 401
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
  invalidSignInToken: () =>
    new AppError("invalid_sign_in_token", "The sign-in link is invalid, used or expired."),
  // 402
  insufficientCredits: (requiredMicrousd: bigint | number, availableMicrousd: bigint | number) =>
    new AppError(
      "insufficient_credits",
      "The available credit balance cannot cover this operation.",
      {
        requiredMicrousd: Number(requiredMicrousd),
        availableMicrousd: Number(availableMicrousd),
      },
    ),
  // 403
  sessionRequired: () =>
    new AppError(
      "session_required",
      "This operation needs a signed-in session; API keys cannot use it.",
    ),
  apiKeyRequired: () =>
    new AppError(
      "api_key_required",
      "This operation takes an API key (Authorization: Bearer), not a session.",
    ),
  insufficientScope: (requiredScope: string) =>
    new AppError("insufficient_scope", `The API key lacks the scope ${requiredScope}.`, {
      requiredScope,
    }),
  oauthGrantOwnerRequired: (provider: string, field: string) =>
    new AppError(
      "oauth_grant_owner_required",
      `The ${provider} connection uses a Google OAuth grant another person gave: only they may point it at a property. Connect with Google yourself to use your own access.`,
      { provider, field },
    ),
  ipForbidden: () =>
    new AppError("ip_forbidden", "This API key may not be used from your network address."),
  insufficientRole: (requiredRole: Role, role: Role | null, scope?: string) =>
    new AppError(
      "insufficient_role",
      scope
        ? `Only owners and admins may give a key the scope ${scope}.`
        : `This needs the ${requiredRole} role${requiredRole === "owner" ? "" : " or above"}; yours is ${role ?? "none"}.`,
      { requiredRole, role, ...(scope ? { scope } : {}) },
    ),
  crossSiteRequest: (evidence: string) =>
    new AppError(
      "cross_site_request",
      `This change was sent from another site's page (${evidence}); with the session cookie, changes are accepted only from this server's own pages (same origin). Scripts and tools use an API key.`,
      { evidence },
    ),
  misdirectedRequest: (host: string) =>
    new AppError(
      "misdirected_request",
      `This server does not answer under the name ${JSON.stringify(host)}: in local mode it answers only under localhost, 127.0.0.1, [::1] and the host of GEO_PUBLIC_URL. Open it under one of those, or set GEO_PUBLIC_URL to the address you use.`,
      { host },
    ),
  invitationEmailMismatch: () =>
    new AppError(
      "invitation_email_mismatch",
      "This invitation was sent to a different email address; sign in with that address.",
    ),
  // 404, 405, 408
  workspaceNotFound: () => new AppError("workspace_not_found", "Workspace not found."),
  notFound: (what = "Resource") => new AppError("not_found", `${what} not found.`),
  invitationNotFound: () =>
    new AppError("invitation_not_found", "The invitation is invalid, used, revoked or expired."),
  methodNotAllowed: (allow?: string[]) =>
    new AppError(
      "method_not_allowed",
      allow
        ? `Method not allowed on this route; use ${allow.join(", ")}.`
        : "Method not allowed on this route.",
      undefined,
      allow ? { Allow: allow.join(", ") } : undefined,
    ),
  requestTimeout: () => new AppError("request_timeout", "The request was not received in time."),
  // 409
  idempotencyKeyReused: (differentIn: "request body" | "amount" = "request body") =>
    new AppError(
      "idempotency_key_reused",
      `This idempotency key was used with a different ${differentIn}.`,
    ),
  chatTurnInProgress: (messageId: string) =>
    new AppError(
      "chat_turn_in_progress",
      "Another turn of this thread is still running; wait for it to end.",
      { messageId },
    ),
  deliveryMismatch: () =>
    new AppError("delivery_mismatch", "This deliveryId does not belong to the key."),
  invalidKeyState: (state: string, action: string) =>
    new AppError("invalid_key_state", `The key is ${state}; ${action} is not possible.`, {
      state,
    }),
  invalidTransition: (transition: { status: string; action: string; allowedFrom: string[] }) =>
    new AppError(
      "invalid_transition",
      `The recommendation is ${transition.status}; ${transition.action} is allowed only from ${transition.allowedFrom.join(", ")}.`,
      { ...transition },
    ),
  rotationNotAcknowledged: () =>
    new AppError(
      "rotation_not_acknowledged",
      "Acknowledge the replacement key before confirming the rotation.",
    ),
  oauthStateInvalid: () =>
    new AppError(
      "oauth_state_invalid",
      "This Google authorization is unknown, expired, already used, or was started by someone else; start connecting again.",
    ),
  // `workspace`: the slug the flow was started for (its member is the one told).
  oauthAccessDenied: (workspace: string) =>
    new AppError(
      "oauth_access_denied",
      "Access was declined on Google's consent screen; nothing was connected.",
      { workspace },
    ),
  oauthExchangeFailed: (reason: string, workspace: string) =>
    new AppError(
      "oauth_exchange_failed",
      `Google did not complete the authorization (${reason}); start connecting again.`,
      { workspace },
    ),
  googleOauthUnavailable: () =>
    new AppError(
      "google_oauth_unavailable",
      "Google OAuth is not configured on this server (GEO_GOOGLE_OAUTH_CLIENT_ID, GEO_GOOGLE_OAUTH_CLIENT_SECRET); use a service-account key.",
    ),
  connectionNotConfigured: (provider: string) =>
    new AppError(
      "connection_not_configured",
      `The ${provider} connection has no credential; configure it before testing it.`,
      { provider },
    ),
  credentialExists: ({ connector, key }: { connector: string; key: string }) =>
    new AppError(
      "credential_exists",
      `A credential ${connector}/${key} is already stored; send rotate: true to replace it.`,
      { connector, key },
    ),
  /** With the invitee's email when an invitation is sent, without when it is accepted. */
  alreadyMember: (email?: string) =>
    new AppError(
      "already_member",
      email === undefined
        ? "You are already a member of this workspace."
        : `${email} is already a member of this workspace.`,
    ),
  workspaceLimitReached: (limit: number) =>
    new AppError(
      "workspace_limit_reached",
      `You have created ${limit} workspaces, as many as one person may.`,
      { limit },
    ),
  lastOwner: () =>
    new AppError(
      "last_owner",
      "A workspace needs at least one owner; make someone else an owner first.",
    ),
  alreadyDecided: (decided: "deviceAuthorization" | { suggestionId: string; status: string }) =>
    decided === "deviceAuthorization"
      ? new AppError("already_decided", "This device authorization was already approved or denied.")
      : new AppError("already_decided", `This suggestion was already ${decided.status}.`, {
          suggestionId: decided.suggestionId,
          status: decided.status,
        }),
  mockTopupDisabled: () =>
    new AppError(
      "mock_topup_disabled",
      "Mock top-ups are disabled while a payment processor is configured.",
    ),
  reservationClosed: (reservation: { id: string; status: string }) =>
    new AppError("reservation_closed", `The reservation is already ${reservation.status}.`, {
      reservationId: reservation.id,
      status: reservation.status,
    }),
  activeSetFull: (activeSetSize: number, activeCount: number) =>
    new AppError(
      "active_set_full",
      `The active set is full (${activeCount} of ${activeSetSize}); deactivate a prompt or raise activeSetSize first.`,
      { activeSetSize, activeCount },
    ),
  activeSetTooSmall: (activeSetSize: number, activeCount: number) =>
    new AppError(
      "active_set_too_small",
      `${activeCount} prompts are active; deactivate ${activeCount - activeSetSize} before lowering activeSetSize to ${activeSetSize}.`,
      { activeSetSize, activeCount },
    ),
  promptExists: (promptId: string) =>
    new AppError("prompt_exists", "A prompt with the same text and language already exists.", {
      promptId,
    }),
  competitorExists: (holder: { id: string; name: string }) =>
    new AppError("competitor_exists", `A competitor named "${holder.name}" already exists.`, {
      competitorId: holder.id,
      field: "body.name",
    }),
  tooManyCompetitors: (maxCompetitors: number, count: number) =>
    new AppError(
      "too_many_competitors",
      `A workspace has at most ${maxCompetitors} competitors; remove one first.`,
      { maxCompetitors, count },
    ),
  tooFewCompetitors: (minCompetitors: number, count: number) =>
    new AppError(
      "too_few_competitors",
      `A workspace keeps at least ${minCompetitors} competitors; add another before removing this one.`,
      { minCompetitors, count },
    ),
  runFinished: (status: string) =>
    new AppError("run_finished", `The run already ended (${status}).`),
  noActivePrompts: () =>
    new AppError("no_active_prompts", "The workspace has no active prompts to measure."),
  noEnginesConfigured,
  // 410, 413, 415, 429, 431
  deliveryExpired: (why: keyof typeof deliveryExpiredMessages) =>
    new AppError("delivery_expired", deliveryExpiredMessages[why]),
  shareLinkExpired: () =>
    new AppError("share_link_expired", "This report link has expired; ask for a new one."),
  shareLinkRevoked: () =>
    new AppError("share_link_revoked", "This report link was revoked; ask for a new one."),
  payloadTooLarge: () => new AppError("payload_too_large", "The request body is too large."),
  unsupportedMediaType: (what: keyof typeof unsupportedMediaTypeMessages = "contentType") =>
    new AppError("unsupported_media_type", unsupportedMediaTypeMessages[what]),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(
      "rate_limited",
      "Too many requests; try again later.",
      { retryAfterSeconds },
      { "Retry-After": String(retryAfterSeconds) },
    ),
  headersTooLarge: (maxHeaderSize: number) =>
    new AppError(
      "headers_too_large",
      `The request's headers are too large (${maxHeaderSize} bytes in all at most).`,
    ),
  /** 406: the Accept header names none of the media types the operation answers with. */
  notAcceptable: (available: string[]) =>
    new AppError(
      "not_acceptable",
      `None of the accepted media types is available; use one of ${available.join(", ")} (or the format parameter).`,
      { available },
    ),
  // 5xx
  internalError: () => new AppError("internal_error", "Internal server error."),
  notImplemented: (operationId: string) =>
    new AppError(
      "not_implemented",
      `${operationId} is part of the contract but not yet available.`,
    ),
  /** Stripe refused or could not be reached: 502, repeating nothing of Stripe's answer. */
  paymentProviderError: () =>
    new AppError(
      "payment_provider_error",
      "The payment provider could not start the checkout; try again later.",
    ),
  emailUnavailable: (why: keyof typeof emailUnavailableMessages) =>
    new AppError("email_unavailable", emailUnavailableMessages[why]),
  billingUnavailable: (variable: "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET") =>
    new AppError(
      "billing_unavailable",
      `Billing is not available on this server (${variable} is not configured).`,
    ),
} satisfies FactoryPerCode & Record<string, Factory<ErrorCode>>;
