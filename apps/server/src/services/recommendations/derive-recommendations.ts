import type { RecommendationDerivation } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { dayStart } from "../../days.js";
import { WRITE_TIMEOUTS } from "../analysis/swap-day-rollups.js";
import type { WorkspaceOperation } from "../operation.js";
import { lockWorkspace } from "../workspace-config/lock-workspace.js";
import type { DerivationCandidate } from "./derivation-candidate.js";
import { deriveCorrectClaim } from "./derive-correct-claim.js";
import { deriveCreateContent } from "./derive-create-content.js";
import { deriveEarnCitation } from "./derive-earn-citation.js";
import { deriveEngineGap } from "./derive-engine-gap.js";
import { deriveFixSentiment } from "./derive-fix-sentiment.js";
import { deriveImprovePage } from "./derive-improve-page.js";
import { findRecommendationCompliance } from "./find-recommendation-compliance.js";
import { type DerivationData, loadDerivationData } from "./load-derivation-data.js";
import { canonicalTarget, fingerprintOf, openStatuses } from "./recommendation-rules.js";
import { upsertDerivedRecommendation } from "./upsert-derived-recommendation.js";

/** Every kind's rule, in the order their recommendations are stored. */
const rules: Array<(data: DerivationData) => DerivationCandidate[]> = [
  deriveCreateContent,
  deriveEarnCitation,
  deriveImprovePage,
  deriveEngineGap,
  deriveFixSentiment,
  deriveCorrectClaim,
];

/** The candidates of every kind from one day's data: pure, the same data gives the same list. */
export function deriveCandidates(data: DerivationData): DerivationCandidate[] {
  return rules.flatMap((rule) => rule(data));
}

/**
 * Derives a workspace's recommendations from the stored analysis of its latest
 * measured day (docs/recommendations.md, Derivation) and stores them by
 * fingerprint, all in one transaction: new ones created, open ones updated,
 * dismissed ones proposed again only on a material change of evidence, open
 * ones the day no longer supports marked stale (`staleSince`). Never
 * calls a model. Run by the worker after every completed run and by
 * `POST .../recommendations/derive`.
 */
export async function deriveWorkspaceRecommendations(options: {
  ctx: AppContext;
  workspaceId: string;
}): Promise<RecommendationDerivation> {
  const { ctx, workspaceId } = options;
  return ctx.prisma.$transaction(async (tx) => {
    // One derivation of a workspace at a time (the job and the route may race):
    // the second waits and then finds the first one's rows by fingerprint.
    await lockWorkspace(tx, workspaceId);
    const data = await loadDerivationData(tx, workspaceId);
    const result: RecommendationDerivation = {
      date: data?.date ?? null,
      created: 0,
      updated: 0,
      reproposed: 0,
      unchanged: 0,
      markedStale: 0,
      recommendations: [],
    };
    if (!data) return result;
    const others = [...data.competitors.values()];
    // What the day's data supports: the recommendations stored now and the capped candidates.
    const supported = new Set<string>();
    const cappedFingerprints: string[] = [];
    for (const candidate of deriveCandidates(data)) {
      const { recommendation } = candidate;
      if (candidate.capped) {
        cappedFingerprints.push(
          fingerprintOf(recommendation.kind, canonicalTarget(recommendation.target)),
        );
        continue;
      }
      const complianceFindings = findRecommendationCompliance({
        complianceProfile: data.complianceProfile,
        language: recommendation.language,
        texts: candidate.checked,
        ...(candidate.claimAnswers
          ? { answers: candidate.claimAnswers, brand: { names: data.brand.names, others } }
          : {}),
      });
      const { recommendationId, outcome } = await upsertDerivedRecommendation({
        tx,
        clock: ctx.clock,
        workspaceId,
        complianceProfile: data.complianceProfile,
        recommendation: { ...recommendation, complianceFindings },
      });
      supported.add(recommendationId);
      result[outcome] += 1;
      result.recommendations.push({ recommendationId, kind: recommendation.kind, outcome });
    }
    // Open recommendations the day no longer supports keep their evidence, marked stale
    // from this day on (until a derivation supports them again).
    const stale = await tx.recommendation.updateMany({
      where: {
        workspaceId,
        status: { in: openStatuses },
        staleSince: null,
        id: { notIn: [...supported] },
        fingerprint: { notIn: cappedFingerprints },
      },
      data: { staleSince: dayStart(data.date), updatedAt: ctx.clock.now() },
    });
    result.markedStale = stale.count;
    return result;
  }, WRITE_TIMEOUTS);
}

/** `POST .../recommendations/derive`: the derivation of the caller's workspace, now. */
export function deriveRecommendations(op: WorkspaceOperation): Promise<RecommendationDerivation> {
  return deriveWorkspaceRecommendations({ ctx: op.ctx, workspaceId: op.workspace.id });
}
