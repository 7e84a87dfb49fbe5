import type { Prisma } from "@geopulse/db";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";

/** Owners and admins manage the team (invite, revoke, change roles, remove others). */
export function requireTeamManager(workspace: WorkspaceAccess, action: string): void {
  if (workspace.role !== "owner" && workspace.role !== "admin") {
    throw errors.roleForbidden("owners and admins", action);
  }
}

/** Only owners may grant, take or remove the owner role. */
export function requireOwner(workspace: WorkspaceAccess, action: string): void {
  if (workspace.role !== "owner") {
    throw errors.roleForbidden("owners", action);
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
