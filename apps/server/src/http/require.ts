import type { Principal, SessionPrincipal, WorkspaceAccess } from "./principal.js";

/**
 * Narrowing helpers for handlers. Authentication already enforced the
 * operation's rule; these only turn that guarantee into types, and fail loudly
 * if the contract and a handler disagree.
 */
export function sessionOf(principal: Principal): SessionPrincipal {
  if (principal.kind !== "session") throw new Error("handler expects a session principal");
  return principal;
}

export function workspaceOf(workspace: WorkspaceAccess | undefined): WorkspaceAccess {
  if (!workspace) throw new Error("handler expects a workspace-scoped operation");
  return workspace;
}

/** The operation of a session-only operation, its principal narrowed to the session. */
export function sessionOp<Op extends { principal: Principal }>(
  op: Op,
): Op & { principal: SessionPrincipal } {
  return { ...op, principal: sessionOf(op.principal) };
}
