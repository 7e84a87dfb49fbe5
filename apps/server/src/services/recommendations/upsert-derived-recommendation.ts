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
import {
  type DerivedAnswerRow,
  type DerivedCreate,
  type DerivedTransition,
  type DerivedUpdate,
  writeDerivedRecommendations,
} from "./write-derived-recommendations.js";

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

export interface UpsertDerivedRecommendationsOptions {
  tx: Prisma.TransactionClient;
  clock: Clock;
  workspaceId: string;
  /** The workspace's `complianceProfile`: findings flag only under `eu_medical`. */
  complianceProfile: string;
  recommendations: readonly DerivedRecommendation[];
  /**
   * A whole derivation's: the same statement marks stale, from `since`, the open recommendations
   * it did not store (the day no longer supports them), except those whose fingerprints the cap
   * left out.
   */
  stale?: { since: string; capped: readonly string[] } | undefined;
}

export type UpsertOutcome = "created" | "updated" | "reproposed" | "unchanged";

/** What the batch knows of a stored recommendation (read, or created earlier in the batch). */
interface StoredState {
  id: string;
  status: RecommendationStatus;
  evidenceHash: string;
  complianceFindings: unknown;
}

/**
 * Stores derived recommendations by their fingerprints (workspace, kind, target): a new one
 * is created `proposed` (`flagged` when it has compliance findings in an `eu_medical`
 * workspace); an open one gets the new texts, priority and evidence (a `proposed` one is
 * flagged when its findings change); a dismissed one stays dismissed unless its evidence hash
 * changed, then it is proposed again; a done one is left alone (its impact is measured
 * instead). Runs inside the caller's transaction; every status change is in the history.
 *
 * Set-based, as a derivation stores tens at once and on the embedded database its
 * transaction holds the only connection: one read of the stored ones, then one statement that
 * writes the new and changed ones, their evidence answers and history
 * (`writeDerivedRecommendations`; a fingerprint twice in one batch ends as the later one, as one
 * call after another would).
 */
export async function upsertDerivedRecommendations(
  options: UpsertDerivedRecommendationsOptions,
): Promise<{
  results: Array<{ recommendationId: string; outcome: UpsertOutcome }>;
  markedStale: number;
}> {
  const { tx, clock, workspaceId } = options;
  const now = clock.now();
  const prepared = options.recommendations.map((derived) =>
    prepareRecommendation(derived, options.complianceProfile, now),
  );
  const stored = new Map<string, StoredState>(
    (
      await tx.recommendation.findMany({
        where: {
          workspaceId,
          fingerprint: { in: [...new Set(prepared.map((p) => p.fingerprint))] },
        },
        select: {
          id: true,
          fingerprint: true,
          status: true,
          evidenceHash: true,
          complianceFindings: true,
        },
      })
    ).map((r) => [r.fingerprint, { ...r, status: r.status as RecommendationStatus }]),
  );
  const creates = new Map<string, DerivedCreate>();
  // By id: a fingerprint twice in one batch ends as the later one's content, keeping a
  // status change or cleared dismissal an earlier one made (as one update after another would).
  const updates = new Map<string, DerivedUpdate>();
  const update = (next: DerivedUpdate) => {
    // Created earlier in this batch: the one statement that writes both would not update it.
    const created = creates.get(next.id);
    if (created) {
      creates.set(next.id, {
        ...created,
        content: next.content,
        status: next.status ?? created.status,
      });
      return;
    }
    const earlier = updates.get(next.id);
    updates.set(next.id, {
      ...next,
      status: next.status ?? earlier?.status,
      clearDismissal: next.clearDismissal || earlier?.clearDismissal,
    });
  };
  const answers = new Map<string, DerivedRecommendation["evidence"]["answers"]>();
  const history: DerivedTransition[] = [];
  const record = (
    recommendationId: string,
    action: "derive" | "rederive" | "flag",
    from: RecommendationStatus | null,
    to: RecommendationStatus,
  ) =>
    history.push({
      id: newId("rtr", clock),
      recommendationId,
      action,
      fromStatus: from,
      toStatus: to,
      createdAt: now,
    });
  const results = prepared.map(({ derived, fingerprint, findings, content }) => {
    const existing = stored.get(fingerprint);
    const flaggedStatus: RecommendationStatus = findings.length > 0 ? "flagged" : "proposed";
    const remember = (id: string, status: RecommendationStatus) =>
      stored.set(fingerprint, {
        id,
        status,
        evidenceHash: content.evidenceHash,
        complianceFindings: findings,
      });
    if (!existing) {
      const id = newId(recommendationIdPrefix, clock);
      creates.set(id, {
        id,
        workspaceId,
        kind: derived.kind,
        fingerprint,
        status: flaggedStatus,
        content,
        createdAt: now,
      });
      answers.set(id, derived.evidence.answers);
      record(id, "derive", null, flaggedStatus);
      remember(id, flaggedStatus);
      return { recommendationId: id, outcome: "created" as const };
    }
    const { id, status } = existing;
    if (status === "done") return { recommendationId: id, outcome: "unchanged" as const };
    if (status === "dismissed") {
      if (existing.evidenceHash === content.evidenceHash)
        return { recommendationId: id, outcome: "unchanged" as const };
      update({ id, content, status: flaggedStatus, clearDismissal: true });
      answers.set(id, derived.evidence.answers);
      record(id, "rederive", "dismissed", flaggedStatus);
      remember(id, flaggedStatus);
      return { recommendationId: id, outcome: "reproposed" as const };
    }
    if (!openStatuses.includes(status))
      return { recommendationId: id, outcome: "unchanged" as const };
    // A proposed one is flagged when its findings are new; a set a person already
    // reviewed (and cleared) does not flag it again.
    const previous = existing.complianceFindings as ComplianceFinding[];
    const flag =
      status === "proposed" &&
      findings.length > 0 &&
      findingsKey(findings) !== findingsKey(previous);
    update({ id, content, status: flag ? "flagged" : undefined });
    answers.set(id, derived.evidence.answers);
    if (flag) record(id, "flag", "proposed", "flagged");
    remember(id, flag ? "flagged" : status);
    return { recommendationId: id, outcome: "updated" as const };
  });

  const answerRows: DerivedAnswerRow[] = [...answers].flatMap(([recommendationId, list]) =>
    list.slice(0, maxEvidenceAnswers).map((a, position) => ({
      recommendationId,
      position,
      runId: a.runId,
      responseId: a.responseId,
      engine: a.engine,
      promptId: a.promptId,
      prompt: a.prompt,
      excerpt: a.excerpt.slice(0, maxExcerptLength),
      citations: a.citations,
    })),
  );
  const { markedStale } = await writeDerivedRecommendations(
    tx,
    {
      creates: [...creates.values()],
      updates: [...updates.values()],
      answersOf: [...answers.keys()],
      answers: answerRows,
      history,
    },
    options.stale && {
      ...options.stale,
      workspaceId,
      now,
      supported: results.map((r) => r.recommendationId),
    },
  );
  return { results, markedStale };
}

/** One recommendation as stored: one call of the batch. */
export async function upsertDerivedRecommendation(
  options: Omit<UpsertDerivedRecommendationsOptions, "recommendations"> & {
    recommendation: DerivedRecommendation;
  },
): Promise<{ recommendationId: string; outcome: UpsertOutcome }> {
  const { recommendation, ...rest } = options;
  const {
    results: [result],
  } = await upsertDerivedRecommendations({ ...rest, recommendations: [recommendation] });
  if (!result) throw new Error("a batch of one stored nothing");
  return result;
}

/** The fingerprint, findings and stored columns of a derived recommendation. */
function prepareRecommendation(
  derived: DerivedRecommendation,
  complianceProfile: string,
  now: Date,
) {
  const target = canonicalTarget(derived.target);
  const findings = complianceProfile === "eu_medical" ? (derived.complianceFindings ?? []) : [];
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
    evidenceHash:
      derived.evidenceHash ??
      defaultEvidenceHash(derived.evidence.metric, derived.evidence.comparison),
    complianceFindings: findings as unknown as Prisma.InputJsonValue,
    findingCount: findings.length,
    // Derived from the latest day: supported again.
    staleSince: null,
    derivedAt: now,
    updatedAt: now,
  };
  return { derived, fingerprint: fingerprintOf(derived.kind, target), findings, content };
}
