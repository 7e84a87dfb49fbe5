import type {
  ComplianceFinding,
  Language,
  RecommendationEvidence,
  RecommendationKind,
  RecommendationStatus,
} from "@geopulse/api-types";
import { Prisma } from "@geopulse/db";
import type { Clock } from "../../clock.js";
import { newId } from "../../ids.js";
import {
  canonicalTarget,
  defaultEvidenceHash,
  type Effort,
  findingsKey,
  fingerprintOf,
  openStatuses,
  priorityScore,
  recommendationIdPrefix,
  type TargetInput,
} from "./recommendation-rules.js";

/** At most this many answers are kept as evidence, each excerpt at most this long. */
export const maxEvidenceAnswers = 20;
export const maxExcerptLength = 400;

/** One recommendation as a derivation computed it from the stored analysis. */
export interface DerivedRecommendation {
  kind: RecommendationKind;
  language: Language;
  title: string;
  rationale: string;
  action: string;
  target: TargetInput;
  priority: { expectedImpact: number; confidence: number; effort: Effort };
  evidence: Omit<RecommendationEvidence, "stale" | "staleSince">;
  /** Findings of the workspace's compliance rules on the texts (and, for `correct_claim`, the answers). */
  complianceFindings?: ComplianceFinding[] | undefined;
  /** Overrides the default evidence hash (metric, compared entity, value in 0.05 steps). */
  evidenceHash?: string | undefined;
}

export interface UpsertDerivedRecommendationOptions {
  tx: Prisma.TransactionClient;
  clock: Clock;
  workspaceId: string;
  /** The workspace's `complianceProfile`: findings flag only under `eu_medical`. */
  complianceProfile: string;
  recommendation: DerivedRecommendation;
}

export type UpsertOutcome = "created" | "updated" | "reproposed" | "unchanged";

/**
 * Stores one derived recommendation by its fingerprint (workspace, kind,
 * target): a new one is created `proposed` (`flagged` when it has compliance
 * findings in an `eu_medical` workspace); an open one gets the new texts,
 * priority and evidence (a `proposed` one is flagged when its findings change);
 * a dismissed one stays dismissed unless its evidence hash changed, then it is
 * proposed again; a done one is left alone (its impact is measured instead).
 * Runs inside the caller's transaction; every status change is in the history.
 */
export async function upsertDerivedRecommendation(
  options: UpsertDerivedRecommendationOptions,
): Promise<{ recommendationId: string; outcome: UpsertOutcome }> {
  const { tx, clock, workspaceId, recommendation: derived } = options;
  const now = clock.now();
  const target = canonicalTarget(derived.target);
  const fingerprint = fingerprintOf(derived.kind, target);
  const findings =
    options.complianceProfile === "eu_medical" ? (derived.complianceFindings ?? []) : [];
  const evidenceHash =
    derived.evidenceHash ??
    defaultEvidenceHash(derived.evidence.metric, derived.evidence.comparison);
  const priority = priorityScore(
    derived.priority.expectedImpact,
    derived.priority.confidence,
    derived.priority.effort,
  );
  // The target is rewritten on update too: for every kind but `improve_page` it
  // is what the fingerprint is computed from; there its prompt ids move daily.
  const content = {
    ...target,
    title: derived.title,
    rationale: derived.rationale,
    action: derived.action,
    language: derived.language,
    priorityScore: priority.score,
    expectedImpact: priority.expectedImpact,
    confidence: priority.confidence,
    effort: priority.effort,
    metric: derived.evidence.metric as unknown as Prisma.InputJsonValue,
    comparison: derived.evidence.comparison
      ? (derived.evidence.comparison as unknown as Prisma.InputJsonValue)
      : Prisma.DbNull,
    pageEvaluation: derived.evidence.pageEvaluation
      ? (derived.evidence.pageEvaluation as unknown as Prisma.InputJsonValue)
      : Prisma.DbNull,
    evidenceHash,
    complianceFindings: findings as unknown as Prisma.InputJsonValue,
    findingCount: findings.length,
    // Derived from the latest day: supported again.
    staleSince: null,
    derivedAt: now,
    updatedAt: now,
  };
  const writeAnswers = async (recommendationId: string) => {
    await tx.recommendationAnswer.deleteMany({ where: { recommendationId } });
    const answers = derived.evidence.answers.slice(0, maxEvidenceAnswers);
    if (answers.length === 0) return;
    await tx.recommendationAnswer.createMany({
      data: answers.map((a, position) => ({
        recommendationId,
        position,
        runId: a.runId,
        responseId: a.responseId,
        engine: a.engine,
        promptId: a.promptId,
        prompt: a.prompt,
        excerpt: a.excerpt.slice(0, maxExcerptLength),
        citations: a.citations as unknown as Prisma.InputJsonValue,
      })),
    });
  };
  const record = (
    recommendationId: string,
    action: "derive" | "rederive" | "flag",
    from: RecommendationStatus | null,
    to: RecommendationStatus,
  ) =>
    tx.recommendationTransition.create({
      data: {
        id: newId("rtr", clock),
        recommendationId,
        action,
        fromStatus: from,
        toStatus: to,
        actorType: "system",
        createdAt: now,
      },
    });

  const existing = await tx.recommendation.findUnique({
    where: { workspaceId_fingerprint: { workspaceId, fingerprint } },
  });
  const flaggedStatus: RecommendationStatus = findings.length > 0 ? "flagged" : "proposed";

  if (!existing) {
    const id = newId(recommendationIdPrefix, clock);
    await tx.recommendation.create({
      data: {
        id,
        workspaceId,
        kind: derived.kind,
        fingerprint,
        status: flaggedStatus,
        ...content,
        createdAt: now,
      },
    });
    await writeAnswers(id);
    await record(id, "derive", null, flaggedStatus);
    return { recommendationId: id, outcome: "created" };
  }

  const status = existing.status as RecommendationStatus;
  if (status === "done") return { recommendationId: existing.id, outcome: "unchanged" };

  if (status === "dismissed") {
    if (existing.evidenceHash === evidenceHash) {
      return { recommendationId: existing.id, outcome: "unchanged" };
    }
    await tx.recommendation.update({
      where: { id: existing.id },
      data: {
        ...content,
        status: flaggedStatus,
        dismissReason: null,
        dismissNote: null,
        dismissedAt: null,
      },
    });
    await writeAnswers(existing.id);
    await record(existing.id, "rederive", "dismissed", flaggedStatus);
    return { recommendationId: existing.id, outcome: "reproposed" };
  }

  if (!openStatuses.includes(status)) {
    return { recommendationId: existing.id, outcome: "unchanged" };
  }
  // A proposed one is flagged when its findings are new; a set a person already
  // reviewed (and cleared) does not flag it again.
  const previous = existing.complianceFindings as unknown as ComplianceFinding[];
  const flag =
    status === "proposed" && findings.length > 0 && findingsKey(findings) !== findingsKey(previous);
  await tx.recommendation.update({
    where: { id: existing.id },
    data: { ...content, ...(flag ? { status: "flagged" } : {}) },
  });
  await writeAnswers(existing.id);
  if (flag) await record(existing.id, "flag", "proposed", "flagged");
  return { recommendationId: existing.id, outcome: "updated" };
}
