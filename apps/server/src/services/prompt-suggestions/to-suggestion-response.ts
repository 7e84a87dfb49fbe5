import type {
  Language,
  PromptCategory,
  PromptSuggestion as SuggestionResponse,
} from "@geopulse/api-types";
import type { PromptSuggestion } from "@geopulse/db";

export function toSuggestionResponse(row: PromptSuggestion): SuggestionResponse {
  return {
    suggestionId: row.id,
    text: row.text,
    category: row.category as PromptCategory,
    language: row.language as Language,
    source: row.source as SuggestionResponse["source"],
    provider: row.provider,
    simulated: row.simulated,
    generationId: row.generationId,
    researchId: row.researchJobId,
    status: row.status as SuggestionResponse["status"],
    promptId: row.promptId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    evidence: (row.evidence as SuggestionResponse["evidence"] | null) ?? null,
  };
}
