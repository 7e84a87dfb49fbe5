import type { BrandProfile } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import type { Principal, WorkspaceAccess } from "../../http/principal.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";
import { toBrandProfile } from "./brand-profile.js";

export interface PutBrandProfileOptions {
  ctx: AppContext;
  principal: Principal;
  workspace: WorkspaceAccess;
  requestId: string;
  input: BrandProfile;
}

/** Replaces the whole profile. */
export async function putBrandProfile(options: PutBrandProfileOptions): Promise<BrandProfile> {
  const { ctx, principal, workspace, input } = options;
  const profile = toBrandProfile(input);
  await ctx.prisma.$transaction(async (tx) => {
    await tx.workspace.update({
      where: { id: workspace.id },
      data: { brandProfile: { ...profile }, updatedAt: ctx.clock.now() },
    });
    await recordAuditEvent({
      tx,
      clock: ctx.clock,
      principal,
      requestId: options.requestId,
      workspaceId: workspace.id,
      action: "profile.update",
      targetType: "workspace",
      targetId: workspace.id,
      metadata: {
        fields: Object.entries(profile)
          .filter(([, value]) => value !== null && !(Array.isArray(value) && value.length === 0))
          .map(([name]) => name),
      },
    });
  });
  return profile;
}
