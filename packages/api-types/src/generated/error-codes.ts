// Generated from spec/openapi.yaml (components/schemas/ErrorCode) by scripts/generate.mjs. Do not edit.

import type { ErrorCode } from "./schema.js";

/** The HTTP status of every error code of the contract. */
export const errorStatusByCode = {
  /** A path, query or body field breaks a rule of this contract, or an unknown query parameter was sent; `details.fields` lists each field and the rule it broke. */
  invalid_request: 400,
  /** The run schedule's time zone or cron expression is not valid; `details.fields` names the field. */
  invalid_schedule: 400,
  /** A session cookie and a bearer key were sent together. */
  ambiguous_credentials: 400,
  /** The device authorization is not decided yet; poll again after `details.interval` seconds. */
  authorization_pending: 400,
  /** The device code is polled too often; `details.interval` is the interval to keep from now on. */
  slow_down: 400,
  /** The person denied the device authorization. */
  access_denied: 400,
  /** The device code expired, is unknown, or was already exchanged. */
  expired_token: 400,
  /** The webhook's `Stripe-Signature` header is missing, does not match the payload, or is too old. */
  invalid_signature: 400,
  /** The request is not well-formed HTTP (refused before any operation is matched). */
  malformed_request: 400,
  /** No credentials: neither a session cookie nor an API key. */
  unauthenticated: 401,
  /** The API key is malformed, unknown, expired or revoked. */
  invalid_key: 401,
  /** The API key was created but not yet acknowledged (action `acknowledge` with its deliveryId, within 10 minutes of its creation); only the holder of its secret can get this answer. */
  key_pending: 401,
  /** The session is not valid or has ended; sign in again. */
  invalid_session: 401,
  /** The sign-in link is invalid, used or expired. */
  invalid_sign_in_token: 401,
  /** The available balance cannot cover the reservation; `details.requiredMicrousd` and `details.availableMicrousd`. */
  insufficient_credits: 402,
  /** An API key was used on a session-only operation. */
  session_required: 403,
  /** A session was used on an operation only API keys may call (the MCP server). */
  api_key_required: 403,
  /** The API key lacks the scope the operation needs; `details.requiredScope` names it. */
  insufficient_scope: 403,
  /** The client address is outside the key's allowed CIDR ranges. */
  ip_forbidden: 403,
  /** A change (POST, PUT, PATCH, DELETE) carrying the session cookie came from another site's page: its `Origin` is not this server's, or its `Sec-Fetch-Site` is not `same-origin`; `details.evidence` quotes the header. Bearer keys and clients that send neither header are not concerned. */
  cross_site_request: 403,
  /** The caller's role does not allow the action: the operation needs an owner or an admin (`x-min-role`), or the resource does (another person's API key; a scope of admin operations on a key or a device login; the owner role, which only owners grant, take or remove). `details.requiredRole` names the role needed, `details.role` the caller's (for an API key, its creator's), and `details.scope` the scope when a scope was refused. */
  insufficient_role: 403,
  /** The invitation was sent to a different email address than the signed-in person's. */
  invitation_email_mismatch: 403,
  /** The workspace identifier is invalid, absent, unauthorized, cross-workspace, or different from the key's bound workspace. */
  workspace_not_found: 404,
  /** Another resource the path names does not exist, or no route matches the path. */
  not_found: 404,
  /** The invitation is invalid, used, revoked or expired. */
  invitation_not_found: 404,
  /** The route does not take this method (refused before any operation is matched). */
  method_not_allowed: 405,
  /** The request was not received in time (refused before any operation is matched). */
  request_timeout: 408,
  /** The idempotency key was used before with a different request. */
  idempotency_key_reused: 409,
  /** Another turn of the chat thread is still running; `details.messageId` names it. */
  chat_turn_in_progress: 409,
  /** The `deliveryId` does not belong to the key, or the key was created by someone else (only its creator may resume or acknowledge its delivery). */
  delivery_mismatch: 409,
  /** The recommendation's status does not allow the transition; `details.status` is the current status, `details.action` the transition asked for and `details.allowedFrom` the statuses it is allowed from. */
  invalid_transition: 409,
  /** The key's state does not allow the action; `details.state` names the state. */
  invalid_key_state: 409,
  /** The replacement key must be acknowledged before the rotation is confirmed. */
  rotation_not_acknowledged: 409,
  /** A credential for this connector and key is already stored; send `rotate: true` to replace it. */
  credential_exists: 409,
  /** The OAuth `state` is unknown, expired (10 minutes), already used, or was started by another person or session; start the connection again. */
  oauth_state_invalid: 400,
  /** The Google account holder declined access on Google's consent screen. */
  oauth_access_denied: 400,
  /** Google refused the authorization code (expired, already used, or the code verifier did not match), or answered without a refresh token; start again. */
  oauth_exchange_failed: 400,
  /** The connection uses a Google OAuth grant another person gave: only that person may point it at a property (`details.provider`, `details.field`). Connect with Google yourself to use your own access. */
  oauth_grant_owner_required: 403,
  /** No Google OAuth client is configured on this server (`GEO_GOOGLE_OAUTH_CLIENT_ID`, `GEO_GOOGLE_OAUTH_CLIENT_SECRET`); use a service-account key. */
  google_oauth_unavailable: 503,
  /** The connection has no credential yet; configure it (`configureConnections`) before testing it or refreshing SEO data. */
  connection_not_configured: 409,
  /** The person is already a member of the workspace. */
  already_member: 409,
  /** The person has created as many workspaces as one person may (10). */
  workspace_limit_reached: 409,
  /** The change would leave the workspace without an owner. */
  last_owner: 409,
  /** The suggestion or device authorization was already decided. */
  already_decided: 409,
  /** Mock top-ups are disabled while the payment processor is configured. */
  mock_topup_disabled: 409,
  /** The credit reservation is already settled or released; `details.status` says which. */
  reservation_closed: 409,
  /** The active set is full; `details.activeSetSize` and `details.activeCount`. */
  active_set_full: 409,
  /** More prompts are active than the new `activeSetSize`; `details.activeSetSize` and `details.activeCount`. */
  active_set_too_small: 409,
  /** A prompt with the same text and language already exists; `details.promptId`. */
  prompt_exists: 409,
  /** A competitor with the same name already exists; `details.competitorId`. */
  competitor_exists: 409,
  /** The workspace has the most competitors allowed; `details.maxCompetitors`. */
  too_many_competitors: 409,
  /** Removing the competitor would leave fewer than allowed; `details.minCompetitors`. */
  too_few_competitors: 409,
  /** The run already ended. */
  run_finished: 409,
  /** The workspace has no active prompts to measure. */
  no_active_prompts: 409,
  /** No engine or provider the operation needs has a key; `details.skippedEngines` or `details.skippedProviders` says which were skipped. */
  no_engines_configured: 409,
  /** The report share link has expired; ask for a new one. */
  share_link_expired: 410,
  /** The report share link was revoked; ask for a new one. */
  share_link_revoked: 410,
  /** The key's secret delivery window has closed; the secret cannot be returned again. */
  delivery_expired: 410,
  /** The `Accept` header names no media type the operation answers with; `details.available` lists them. */
  not_acceptable: 406,
  /** The body exceeds the server's limit (`GEO_BODY_LIMIT_BYTES`, 256 KB by default). */
  payload_too_large: 413,
  /** The body's `Content-Type` (or its encoding) is not one the operation accepts. */
  unsupported_media_type: 415,
  /** A local-mode server answers only under its own names: the request's `Host` is neither a loopback name (`localhost`, 127.0.0.0/8, `[::1]`, any port) nor the host of `GEO_PUBLIC_URL` (a defence against DNS rebinding; `details.host` quotes it). */
  misdirected_request: 421,
  /** Too many requests; `Retry-After` and `details.retryAfterSeconds` say when to try again. */
  rate_limited: 429,
  /** The request headers exceed 16 KB (refused before any operation is matched). */
  headers_too_large: 431,
  /** The server failed; the `requestId` finds it in the server's log. */
  internal_error: 500,
  /** The operation is part of the contract but not yet served. */
  not_implemented: 501,
  /** The payment provider refused or could not be reached. */
  payment_provider_error: 502,
  /** No email provider is configured, or the email could not be sent. */
  email_unavailable: 503,
  /** Billing is not configured on this server (a payment processor variable is unset). */
  billing_unavailable: 503,
} as const satisfies Record<ErrorCode, number>;
