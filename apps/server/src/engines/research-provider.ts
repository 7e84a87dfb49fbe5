import type { Language } from "@geopulse/api-types";

/** Research providers a job can ask; `simulated` stands in for all of them in local mode. */
export type ResearchProviderId = "exa" | "perplexity" | "search_console" | "simulated";

/**
 * Reserved per call, in micro-USD (list prices, rounded up), and the most one
 * call is billed: a call is billed its reported cost (Exa's costDollars,
 * Sonar's tokens and request fee) capped at this price, so a job's charge
 * never exceeds its reservation.
 */
export const researchPricePerCall: Record<ResearchProviderId, bigint> = {
  exa: 5_000n,
  perplexity: 10_000n,
  search_console: 0n,
  simulated: 1_000n,
};

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
