import type { Role, Scope } from "@geopulse/api-types";

export type { Role };

/** A member's role in a workspace (the contract's `Role`), from the least to the most. */
export const roles: readonly Role[] = ["member", "admin", "owner"];

/** Whether `role` is `required` or above (owner > admin > member); no role is never enough. */
export function hasRole(role: Role | null, required: Role): boolean {
  return role !== null && roles.indexOf(role) >= roles.indexOf(required);
}

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
  /** The current role of the member who created the key: a key acts with at most that role. */
  role: Role;
}

export type Principal = { kind: "anonymous" } | SessionPrincipal | ApiKeyPrincipal;

/** The workspace a request addresses, after access was granted. */
export interface WorkspaceAccess {
  id: string;
  slug: string;
  /** The member's role for a session; null for an API key (whose role is on its principal). */
  role: Role | null;
}

/** The id idempotency keys are scoped to: the user, the API key, or "anonymous". */
export function principalIdOf(principal: Principal): string {
  return principal.kind === "session"
    ? principal.userId
    : principal.kind === "api_key"
      ? principal.keyId
      : "anonymous";
}
