import type { Quotas, WorkspaceSettings, WorkspaceSettingsUpdate } from "@geopulse/api-types";
import { Prisma } from "@geopulse/db";
import { errors } from "../../errors/app-error.js";
import { enqueueReanalysis } from "../analysis/enqueue-reanalysis.js";
import { audit } from "../audit/audit.js";
import { checkPropertyEdits } from "../connections/check-grant-owner.js";
import { checkPropertyDomain } from "../connections/check-property-domain.js";
import type { WorkspaceOperation } from "../operation.js";
import { checkWorkspaceSettings } from "../workspaces/check-workspace-settings.js";
import { lockWorkspace } from "./lock-workspace.js";
import { toWorkspaceSettings } from "./to-workspace-settings.js";

export interface UpdateWorkspaceSettingsOptions extends WorkspaceOperation {
  input: WorkspaceSettingsUpdate;
}

/**
 * Applies a partial change of the settings. The workspace row is locked first,
 * so a lower activeSetSize is checked against an active count that no
 * concurrent activation can change before the commit.
 */
export async function updateWorkspaceSettings(
  options: UpdateWorkspaceSettingsOptions,
): Promise<WorkspaceSettings> {
  const { ctx, workspace, input } = options;
  const { searchLocation, ...settings } = input;
  const updated = await ctx.prisma.$transaction(async (tx) => {
    const current = await lockWorkspace(tx, workspace.id);
    checkWorkspaceSettings({
      quotas: input.quotas ?? (current.quotas as Quotas),
      competitors: [],
      domains: input.domains ?? [],
    });
    if (input.gscProperty !== undefined)
      checkPropertyDomain(input.gscProperty, input.domains ?? current.domains, "body.gscProperty");
    else if (input.domains !== undefined && (await readsSearchConsole(tx, workspace.id)))
      // A connected property must not outlive the domain that allowed it (the grant would go on
      // reading a site the workspace no longer claims).
      checkPropertyDomain(current.gscProperty, input.domains, "body.domains");
    await checkPropertyEdits({
      tx,
      principal: options.principal,
      workspaceId: workspace.id,
      current,
      input,
    });
    if (input.activeSetSize !== undefined && input.activeSetSize < current.activeSetSize) {
      const activeCount = await tx.prompt.count({
        where: { workspaceId: workspace.id, active: true },
      });
      if (activeCount > input.activeSetSize) {
        throw errors.activeSetTooSmall(input.activeSetSize, activeCount);
      }
    }
    const row = await tx.workspace.update({
      where: { id: workspace.id },
      data: {
        ...settings,
        // A JSON column is cleared with DbNull, not null.
        ...(searchLocation !== undefined
          ? { searchLocation: searchLocation ?? Prisma.DbNull }
          : {}),
        updatedAt: ctx.clock.now(),
      },
    });
    await audit(options, tx, "settings.update", ["workspace", workspace.id], {
      fields: Object.keys(input).sort(),
    });
    return row;
  });
  if (input.domains !== undefined || input.displayName !== undefined) {
    await enqueueReanalysis(ctx, workspace.id);
  }
  return toWorkspaceSettings(updated);
}

/** Whether a Search Console connection holds a credential, so its property is read. */
async function readsSearchConsole(tx: Prisma.TransactionClient, workspaceId: string) {
  const connection = await tx.connection.findFirst({
    where: { workspaceId, provider: "search_console", credentialId: { not: null } },
    select: { provider: true },
  });
  return connection !== null;
}
