import { createAnswerAnalyzer } from "../../src/analysis/analyze-answer.js";
import type { AnalysisSubject, AnswerAnalysis, TrackedEntity } from "../../src/analysis/types.js";

export function entity(
  id: string,
  name: string,
  extra: Partial<Omit<TrackedEntity, "id" | "name">> = {},
): TrackedEntity {
  return { id, name, isSelf: false, aliases: [], domains: [], ambiguous: false, ...extra };
}

export function subject(entities: TrackedEntity[], categoryTerms: string[] = []): AnalysisSubject {
  return { entities, categoryTerms };
}

/** Analyses one answer text (no structured citations) for a subject. */
export function analyze(
  s: AnalysisSubject,
  answer: string,
  options: { language?: string; citations?: Array<{ url: string; title: string | null }> } = {},
): AnswerAnalysis {
  return createAnswerAnalyzer(s)({
    answer,
    citations: options.citations ?? [],
    language: options.language ?? "en",
  });
}

/** `{ entityId: count }` of the mentions, for compact assertions. */
export function counts(a: AnswerAnalysis): Record<string, number> {
  return Object.fromEntries(a.mentions.map((m) => [m.entityId, m.count]));
}
