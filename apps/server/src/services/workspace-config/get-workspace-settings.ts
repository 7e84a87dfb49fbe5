import type { WorkspaceSettings } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toWorkspaceSettings } from "./to-workspace-settings.js";

export interface GetWorkspaceSettingsOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

export async function getWorkspaceSettings({
  ctx,
  workspace,
}: GetWorkspaceSettingsOptions): Promise<WorkspaceSettings> {
  const row = await ctx.prisma.workspace.findUnique({ where: { id: workspace.id } });
  if (!row) throw errors.workspaceNotFound();
  return toWorkspaceSettings(row);
}
