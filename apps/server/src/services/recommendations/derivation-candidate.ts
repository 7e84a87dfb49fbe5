import type { DerivedRecommendation } from "./upsert-derived-recommendation.js";

/**
 * A recommendation one kind's rule derived, before the compliance check: the
 * texts as the check reads them (`checked`: quoted values left out) and, for
 * `correct_claim`, the answer texts whose claims are its findings.
 */
export interface DerivationCandidate {
  recommendation: Omit<DerivedRecommendation, "complianceFindings">;
  checked: { title: string; rationale: string; action: string };
  claimAnswers?: string[];
}

/** Evidence answers kept per recommendation (the contract's maximum). */
export const evidenceLimit = 20;
