import type { Workspace as WorkspaceResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toWorkspaceResponse, type WorkspaceView } from "./to-workspace-response.js";

export interface GetWorkspaceOptions {
  ctx: AppContext;
  access: WorkspaceAccess;
}

/**
 * One round trip: the workspace row with its competitors aggregated in order
 * (Prisma's `include` would issue a second query for the relation).
 */
export async function getWorkspace({
  ctx,
  access,
}: GetWorkspaceOptions): Promise<WorkspaceResponse> {
  const [workspace] = await ctx.prisma.$queryRaw<WorkspaceView[]>`
    SELECT w.slug, w.brand, w.display_name AS "displayName", w.domains, w.languages, w.regions,
      w.gsc_property AS "gscProperty", w.ga4_property AS "ga4Property",
      w.active_set_size AS "activeSetSize", w.compliance_profile AS "complianceProfile",
      w.quotas, w.email_status AS "emailStatus", w.email_address AS "emailAddress",
      w.inbox_id AS "inboxId", w.email_attempts AS "emailAttempts",
      w.email_message AS "emailMessage", w.created_at AS "createdAt", w.updated_at AS "updatedAt",
      COALESCE((
        SELECT json_agg(json_build_object('name', c.name, 'domains', c.domains,
          'aliases', c.aliases, 'ambiguous', c.ambiguous) ORDER BY c.position)
        FROM competitors c WHERE c.workspace_id = w.id
      ), '[]'::json) AS competitors
    FROM workspaces w WHERE w.id = ${access.id}`;
  if (!workspace) throw errors.workspaceNotFound();
  return toWorkspaceResponse(workspace, access.role);
}
