import type { BrandProfile } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { toBrandProfile } from "./brand-profile.js";

export interface GetBrandProfileOptions {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}

/** The stored profile, or the empty one (nulls and no markets) before the first PUT. */
export async function getBrandProfile({
  ctx,
  workspace,
}: GetBrandProfileOptions): Promise<BrandProfile> {
  const row = await ctx.prisma.workspace.findUnique({
    where: { id: workspace.id },
    select: { brandProfile: true },
  });
  if (!row) throw errors.workspaceNotFound();
  return toBrandProfile(row.brandProfile);
}
