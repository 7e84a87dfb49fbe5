import type { BrandProfile } from "@geopulse/api-types";
import { enqueueReanalysis } from "../analysis/enqueue-reanalysis.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { toBrandProfile } from "./brand-profile.js";

export interface PutBrandProfileOptions extends WorkspaceOperation {
  input: BrandProfile;
}

/** Replaces the whole profile. */
export async function putBrandProfile(options: PutBrandProfileOptions): Promise<BrandProfile> {
  const { ctx, workspace, input } = options;
  const profile = toBrandProfile(input);
  const before = await ctx.prisma.workspace.findUnique({
    where: { id: workspace.id },
    select: { brandProfile: true },
  });
  await ctx.prisma.$transaction(async (tx) => {
    await tx.workspace.update({
      where: { id: workspace.id },
      data: { brandProfile: { ...profile }, updatedAt: ctx.clock.now() },
    });
    await audit(options, tx, "profile.update", ["workspace", workspace.id], {
      fields: Object.entries(profile)
        .filter(([, value]) => value !== null && !(Array.isArray(value) && value.length === 0))
        .map(([name]) => name),
    });
  });
  // The category disambiguates ambiguous competitor names: stored answers are analysed again.
  if (toBrandProfile(before?.brandProfile ?? null).category !== profile.category)
    await enqueueReanalysis(ctx, workspace.id);
  return profile;
}
