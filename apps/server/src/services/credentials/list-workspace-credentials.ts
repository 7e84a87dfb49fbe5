import type { StoredCredential } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toStoredCredential } from "./to-stored-credential.js";

export interface ListWorkspaceCredentialsOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

/**
 * Every credential of the workspace, masked, ordered by connector then key.
 * The order is by code unit, applied here rather than by the database, so it
 * does not depend on the database's collation (PGlite and PostgreSQL differ
 * on mixed-case keys). A workspace holds a handful of credentials; no paging.
 */
export async function listWorkspaceCredentials({
  ctx,
  workspace,
}: ListWorkspaceCredentialsOptions): Promise<{ data: StoredCredential[] }> {
  const rows = await ctx.prisma.storedCredential.findMany({ where: { workspaceId: workspace.id } });
  rows.sort((a, b) => compare(a.connector, b.connector) || compare(a.key, b.key));
  return { data: rows.map((row) => toStoredCredential(row, workspace.slug)) };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
