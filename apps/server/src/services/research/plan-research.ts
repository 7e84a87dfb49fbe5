import type { ResearchProviderId } from "../../engines/research-provider.js";

/** Most calls a job makes to each provider (the total is at most maxResearchCalls). */
export const researchProviderCaps: Record<ResearchProviderId, number> = {
  exa: 40,
  perplexity: 30,
  search_console: 10,
  simulated: 40,
};

const maxResearchCalls = 80;
export const defaultResearchCalls = 20;
const maxSeeds = 20;

export interface ResearchCall {
  provider: ResearchProviderId;
  seed: string;
}

/**
 * One call per seed and provider, seed by seed with the providers in turn
 * (so a total below the sum is shared round-robin), within each provider's
 * cap and the total.
 */
export function planResearchCalls(
  providers: ResearchProviderId[],
  seeds: string[],
  maxCalls: number,
): ResearchCall[] {
  const calls: ResearchCall[] = [];
  const used = new Map<ResearchProviderId, number>();
  const limit = Math.min(maxCalls, maxResearchCalls);
  for (const seed of seeds) {
    for (const provider of providers) {
      if (calls.length >= limit) return calls;
      const count = used.get(provider) ?? 0;
      if (count >= researchProviderCaps[provider]) continue;
      used.set(provider, count + 1);
      calls.push({ provider, seed });
    }
  }
  return calls;
}

/** The seeds when none are given: the brand's category, the brand, and "<competitor> alternatives". */
export function defaultSeeds(
  brand: string,
  category: string | null,
  competitors: string[],
): string[] {
  const seeds = [category, brand, ...competitors.map((c) => `${c} alternatives`)]
    .map((s) => s?.trim())
    .filter((s): s is string => !!s && s.length >= 2);
  return [...new Set(seeds)].slice(0, maxSeeds);
}
