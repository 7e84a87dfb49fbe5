import type { TeamMember } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { decodeCursor, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toTeamMember } from "./team-response.js";

export interface ListMembersOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  limit: number;
  cursor: string | undefined;
}

/** Oldest first (member ids are time-ordered), paginated. */
export async function listMembers({
  ctx,
  workspace,
  limit,
  cursor,
}: ListMembersOptions): Promise<{ data: TeamMember[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor, "mem");
  const rows = await ctx.prisma.member.findMany({
    where: { workspaceId: workspace.id, ...(after ? { id: { gt: after } } : {}) },
    include: { user: true },
    orderBy: { id: "asc" },
    take: limit + 1,
  });
  return toPage(rows, limit, (member) => toTeamMember(member, workspace.slug));
}
