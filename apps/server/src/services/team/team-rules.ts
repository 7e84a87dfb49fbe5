import type { Prisma } from "@geopulse/db";
import { errors } from "../../errors/app-error.js";
import { hasRole, type Role, type WorkspaceAccess } from "../../http/principal.js";

/**
 * A rule that depends on the member acted on (the operation's own `x-min-role` is checked by
 * authenticate): owners and admins remove others; only owners grant, take or remove `owner`.
 */
export function requireRole(workspace: WorkspaceAccess, required: Role): void {
  if (!hasRole(workspace.role, required)) throw errors.insufficientRole(required, workspace.role);
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
