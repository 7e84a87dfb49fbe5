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
  /**
   * Supported by the day's data but beyond its kind's cap (`maxCreateContent`):
   * not stored, and an open one already stored for it is kept as it is (not stale).
   */
  capped?: boolean;
}

/** Evidence answers kept per recommendation (the contract's maximum). */
export const evidenceLimit = 20;
