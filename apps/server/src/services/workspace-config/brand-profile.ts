import type { BrandProfile } from "@geopulse/api-types";

/** The profile of a workspace that never stored one. */
export const EMPTY_BRAND_PROFILE: Readonly<BrandProfile> = Object.freeze({
  description: null,
  category: null,
  positioning: null,
  markets: [],
});

/** The stored profile (Workspace.brandProfile), filled in with the empty values. */
export function toBrandProfile(stored: unknown): BrandProfile {
  const profile = (stored ?? {}) as Partial<BrandProfile>;
  return {
    description: profile.description ?? null,
    category: profile.category ?? null,
    positioning: profile.positioning ?? null,
    markets: [...(profile.markets ?? [])],
  };
}
