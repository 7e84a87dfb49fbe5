import type { Language, ResearchJob as ResearchResponse } from "@geopulse/api-types";
import type { ResearchJob, ResearchSource } from "@geopulse/db";
import { meteredJobFields } from "../metered-jobs/job-fields.js";

/** Per provider: the calls planned within its cap, made and failed, and their cost. */
export interface ProviderCalls {
  provider: string;
  cap: number;
  planned: number;
  made: number;
  failed: number;
  costMicrousd: number;
}

export function toResearchResponse(
  row: ResearchJob,
  slug: string,
  sources: ResearchSource[],
  sourceCount: number,
): ResearchResponse {
  return {
    researchId: row.id,
    workspace: slug,
    status: row.status as ResearchResponse["status"],
    providers: row.providers as ResearchResponse["providers"],
    skippedProviders: row.skippedProviders as ResearchResponse["skippedProviders"],
    simulated: row.simulated,
    language: row.language as Language,
    seeds: row.seeds,
    calls: (row.calls as unknown as ProviderCalls[]).map(({ costMicrousd: _, ...c }) => c),
    suggestionCount: row.suggestionCount,
    duplicatesSkipped: row.duplicatesSkipped,
    sourceCount,
    sources: sources.map((s) => ({
      url: s.url,
      domain: s.domain,
      title: s.title,
      citations: s.citations,
      providers: s.providers,
    })),
    ...meteredJobFields(row),
  };
}
