import type { Scope } from "@geopulse/api-types";

export interface SessionPrincipal {
  kind: "session";
  sessionId: string;
  userId: string;
  email: string;
}

export interface ApiKeyPrincipal {
  kind: "api_key";
  keyId: string;
  workspaceId: string;
  workspaceSlug: string;
  scopes: Scope[];
  prefix: string;
  last4: string;
}

export type Principal = { kind: "anonymous" } | SessionPrincipal | ApiKeyPrincipal;

/** The workspace a request addresses, after access was granted. */
export interface WorkspaceAccess {
  id: string;
  slug: string;
  /** The member's role for a session; null for an API key. */
  role: "owner" | "admin" | "member" | null;
}

/** The id idempotency keys are scoped to: the user, the API key, or "anonymous". */
export function principalIdOf(principal: Principal): string {
  return principal.kind === "session"
    ? principal.userId
    : principal.kind === "api_key"
      ? principal.keyId
      : "anonymous";
}
