import type { WorkspaceSummary } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { Principal } from "../../http/principal.js";

export interface ListWorkspacesOptions extends PageRequest {
  ctx: AppContext;
  principal: Principal;
}

export interface WorkspacePage {
  data: WorkspaceSummary[];
  nextCursor: string | null;
}

/** Newest first; the cursor is the id of the last workspace of the previous page. */
export async function listWorkspaces({
  ctx,
  principal,
  limit,
  cursor,
}: ListWorkspacesOptions): Promise<WorkspacePage> {
  const membership =
    principal.kind === "session"
      ? { members: { some: { userId: principal.userId } } }
      : principal.kind === "api_key"
        ? { id: principal.workspaceId }
        : { id: "" };
  const rows = await ctx.prisma.workspace.findMany({
    ...pageQuery(membership, "ws", { limit, cursor }),
    select: {
      id: true,
      slug: true,
      brand: true,
      displayName: true,
      createdAt: true,
      members:
        principal.kind === "session"
          ? { where: { userId: principal.userId }, select: { role: true } }
          : false,
    },
  });
  return toPage(rows, limit, (row) => ({
    slug: row.slug,
    brand: row.brand,
    displayName: row.displayName,
    role: (row.members?.[0]?.role ?? null) as WorkspaceSummary["role"],
    createdAt: row.createdAt.toISOString(),
  }));
}
