import type { Prisma } from "@geopulse/db";
import { AppError } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";

/** Owners and admins manage the team (invite, revoke, change roles, remove others). */
export function requireTeamManager(workspace: WorkspaceAccess, action: string): void {
  if (workspace.role !== "owner" && workspace.role !== "admin") {
    throw new AppError("role_forbidden", `Only owners and admins may ${action}.`);
  }
}

/** Only owners may grant, take or remove the owner role. */
export function requireOwner(workspace: WorkspaceAccess, action: string): void {
  if (workspace.role !== "owner") {
    throw new AppError("role_forbidden", `Only owners may ${action}.`);
  }
}

/**
 * Locks the workspace's owner rows until the transaction ends and returns how
 * many there are. Role changes and removals take it before reading the member,
 * so two owners demoting or removing each other at the same time run one after
 * the other: the second sees one owner and gets 409 last_owner instead of both
 * succeeding and leaving none.
 */
export async function lockOwners(
  tx: Prisma.TransactionClient,
  workspaceId: string,
): Promise<number> {
  const rows = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM members WHERE workspace_id = ${workspaceId} AND role = 'owner' FOR UPDATE`;
  return rows.length;
}

export function lastOwnerError(): AppError {
  return new AppError(
    "last_owner",
    "A workspace needs at least one owner; make someone else an owner first.",
  );
}
