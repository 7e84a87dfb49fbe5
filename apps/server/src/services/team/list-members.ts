import type { TeamMember } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { type PageRequest, pageQuery, toPage } from "../../http/cursor.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toTeamMember } from "./team-response.js";

export interface ListMembersOptions extends PageRequest {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

/** Oldest first (member ids are time-ordered), paginated. */
export async function listMembers({
  ctx,
  workspace,
  limit,
  cursor,
}: ListMembersOptions): Promise<{ data: TeamMember[]; nextCursor: string | null }> {
  const rows = await ctx.prisma.member.findMany({
    ...pageQuery({ workspaceId: workspace.id }, "mem", { limit, cursor }, "asc"),
    include: { user: true },
  });
  return toPage(rows, limit, (member) => toTeamMember(member, workspace.slug));
}
