import type { Invitation as InvitationResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toInvitationResponse } from "./team-response.js";

export interface ListInvitationsOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

/** Open invitations (not accepted, revoked or expired), newest first. */
export async function listInvitations({
  ctx,
  workspace,
}: ListInvitationsOptions): Promise<{ data: InvitationResponse[] }> {
  const rows = await ctx.prisma.invitation.findMany({
    where: {
      workspaceId: workspace.id,
      acceptedAt: null,
      revokedAt: null,
      expiresAt: { gt: ctx.clock.now() },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { data: rows.map((row) => toInvitationResponse(row, workspace.slug)) };
}
