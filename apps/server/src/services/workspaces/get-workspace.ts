import type { Workspace as WorkspaceResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toWorkspaceResponse, type WorkspaceView } from "./to-workspace-response.js";

export interface GetWorkspaceOptions {
  ctx: AppContext;
  access: WorkspaceAccess;
}

/** The view's entry among its workspace's cached reads. */
const viewKey = "workspace";

/**
 * The workspace as its members see it, from memory until the workspace or its
 * competitors change (services/workspaces/workspace-read-cache.ts), else in
 * one round trip.
 */
export async function getWorkspace({
  ctx,
  access,
}: GetWorkspaceOptions): Promise<WorkspaceResponse> {
  const workspace = await ctx.workspaceReads.read(access.id, viewKey, () =>
    readWorkspaceView(ctx, access.id),
  );
  return toWorkspaceResponse(workspace, access.role);
}

/**
 * The workspace row with its competitors aggregated in order (Prisma's
 * `include` would issue a second query for the relation).
 */
async function readWorkspaceView(ctx: AppContext, workspaceId: string): Promise<WorkspaceView> {
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
    FROM workspaces w WHERE w.id = ${workspaceId}`;
  if (!workspace) throw errors.workspaceNotFound();
  return workspace;
}
