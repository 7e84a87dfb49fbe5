import type { Workspace as WorkspaceResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toWorkspaceResponse } from "./to-workspace-response.js";

export interface GetWorkspaceOptions {
  ctx: AppContext;
  access: WorkspaceAccess;
}

export async function getWorkspace({
  ctx,
  access,
}: GetWorkspaceOptions): Promise<WorkspaceResponse> {
  const workspace = await ctx.prisma.workspace.findUnique({
    where: { id: access.id },
    include: { competitors: true },
  });
  if (!workspace) throw errors.workspaceNotFound();
  return toWorkspaceResponse(workspace, access.role);
}
