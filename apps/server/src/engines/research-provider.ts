import type { Language } from "@geopulse/api-types";
import type { ModelCatalog } from "./catalog/model-catalog.js";

/** Research providers a job can ask; `simulated` stands in for all of them in local mode. */
export type ResearchProviderId = "exa" | "perplexity" | "search_console" | "simulated";

/** What a simulated research call costs (local mode). */
export const simulatedResearchPriceMicrousd = 1_000n;
/** Tokens in and out a Sonar research call is reserved for (its answer is a list of 10 questions). */
const sonarResearchTokens = 2_500;
/** Results an Exa research search asks for (with highlights, no summaries). */
export const exaResultsPerSearch = 10;

/**
 * Reserved per call, in micro-USD, and the most one call is billed: the catalog's price of
 * the provider's `research` model for one request (Perplexity: with 2,500 tokens in and 2,500
 * out, at the highest search context fee; Exa: the results asked for). A call is billed its
 * usage at the catalog's prices capped at this, so a job's charge never exceeds its reservation.
 */
export function researchCallCeiling(catalog: ModelCatalog, provider: ResearchProviderId): bigint {
  if (provider === "search_console") return 0n;
  if (provider === "simulated") return simulatedResearchPriceMicrousd;
  const tokens = provider === "perplexity" ? sonarResearchTokens : 0;
  return catalog.cost(provider, catalog.defaultId(provider, "research"), {
    inputTokens: tokens,
    outputTokens: tokens,
    requests: 1,
    results: provider === "exa" ? exaResultsPerSearch : 0,
  });
}

export interface ResearchRequest {
  seed: string;
  language: Language;
  brand: string;
  competitors: string[];
}

export interface ResearchFindings {
  /** Candidate prompts: questions people ask about the seed. */
  questions: string[];
  /** Sources returned or cited, in order. */
  sources: Array<{ url: string; title: string | null }>;
  costMicrousd: bigint;
}

/** A search provider asked about one seed topic per call. */
export interface ResearchProvider {
  readonly id: ResearchProviderId;
  readonly simulated: boolean;
  research(request: ResearchRequest): Promise<ResearchFindings>;
}

/** A real search provider (never simulated) from how it researches a seed. */
export function realResearchProvider(
  id: ResearchProviderId,
  research: ResearchProvider["research"],
): ResearchProvider {
  return { id, simulated: false, research };
}

/** The question sentences of a text: trimmed lines or sentences ending in "?". */
export function extractQuestions(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    const cleaned = line
      .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "")
      .replace(/\*\*/g, "")
      .replace(/\[\d+\]/g, "")
      .replace(/^["“”']+|["“”']+$/g, "")
      .trim();
    for (const match of cleaned.matchAll(/[^.!?¿¡]*[¿¡]?[^.!?]*\?/g)) {
      const question = match[0].replace(/^[\s"“”']+/, "").trim();
      if (question.length >= 10 && question.length <= 300) out.push(question);
    }
  }
  return [...new Set(out)];
}
