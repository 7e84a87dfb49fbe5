import { createHash } from "node:crypto";
import type {
  ComplianceFinding,
  Recommendation,
  RecommendationEvidenceAnswer,
  RecommendationKind,
  RecommendationMetric,
  RecommendationPriority,
  RecommendationStatus,
} from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import { normalizeUrl } from "../../analysis/url-normalize.js";
import { dayOf } from "../../days.js";
import { errors } from "../../errors/app-error.js";

export const recommendationIdPrefix = "rec";

/** Statuses a recommendation is still open in (a derivation updates these). */
export const openStatuses: RecommendationStatus[] = [
  "proposed",
  "flagged",
  "accepted",
  "in_progress",
];

/** The transitions a caller asks for, and the statuses each is allowed from (docs/recommendations.md). */
export const transitions = {
  accept: { from: ["proposed"], to: "accepted" },
  start: { from: ["accepted"], to: "in_progress" },
  done: { from: ["accepted", "in_progress"], to: "done" },
  dismiss: { from: ["proposed", "accepted", "in_progress"], to: "dismissed" },
  review: { from: ["flagged"], to: "proposed" },
} as const satisfies Record<
  string,
  { from: readonly RecommendationStatus[]; to: RecommendationStatus }
>;
export type TransitionAction = keyof typeof transitions;

export const effortWeight = { low: 1, medium: 2, high: 3 } as const;
export type Effort = keyof typeof effortWeight;

/** `round(100 x expectedImpact x confidence / effortWeight)`, each component clamped to 0-1. */
export function priorityScore(
  expectedImpact: number,
  confidence: number,
  effort: Effort,
): RecommendationPriority {
  const clamp = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
  const impact = clamp(expectedImpact);
  const sure = clamp(confidence);
  return {
    score: Math.round((100 * impact * sure) / effortWeight[effort]),
    expectedImpact: impact,
    confidence: sure,
    effort,
  };
}

/** What a recommendation is about. */
export interface TargetInput {
  promptIds?: string[] | undefined;
  domain?: string | null | undefined;
  url?: string | null | undefined;
  engines?: string[] | undefined;
}

/** The target in one canonical form: sorted, unique ids and engines; a lower-case domain. */
export function canonicalTarget(target: TargetInput) {
  const sorted = (values: string[] | undefined) => [...new Set(values ?? [])].sort();
  return {
    promptIds: sorted(target.promptIds),
    domain: target.domain ? target.domain.toLowerCase() : null,
    url: target.url ?? null,
    engines: sorted(target.engines),
  };
}

const sha256 = (value: unknown) =>
  createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 32);

/**
 * Stable per kind and target: re-deriving the same advice finds the same row.
 * `improve_page` is one per page: a page's is its kind and URL, normalised as
 * citations are (its two triggers, citations and page evaluations, name the
 * page as cited or as requested), and without a URL its domain; its prompt ids
 * (the prompts concerned that day, which move from day to day) are left out.
 */
export function fingerprintOf(kind: RecommendationKind, target: TargetInput): string {
  const t = canonicalTarget(target);
  if (kind === "improve_page" && t.url !== null) {
    return sha256([kind, normalizeUrl(t.url)?.normalizedUrl ?? t.url]);
  }
  const promptIds = kind === "improve_page" ? [] : t.promptIds;
  return sha256([kind, promptIds, t.domain, t.url, t.engines]);
}

/**
 * What a dismissed recommendation is compared on before it is proposed again:
 * the metric, the entity compared with, and the value in steps of 0.05 (a move
 * of 5 points on a 0-1 metric is a material change; less is not).
 */
export function defaultEvidenceHash(
  metric: RecommendationMetric,
  comparison: { entity: string } | null,
): string {
  return sha256([metric.name, comparison?.entity ?? null, Math.round(metric.value / 0.05)]);
}

/** Findings compared as a set (rule and excerpt), so a reviewed set is not flagged again. */
export function findingsKey(findings: ComplianceFinding[]): string {
  return sha256(findings.map((f) => `${f.ruleId}\u0000${f.field}\u0000${f.excerpt}`).sort());
}

export const recommendationInclude = {
  answers: { orderBy: { position: "asc" } },
  transitions: { orderBy: { id: "asc" } },
} as const satisfies Prisma.RecommendationInclude;

export type RecommendationRow = Prisma.RecommendationGetPayload<{
  include: typeof recommendationInclude;
}>;

/** A workspace's recommendation, or `404 not_found` (another workspace's id too). */
export async function findRecommendation(
  db: Prisma.TransactionClient,
  workspaceId: string,
  recommendationId: string,
): Promise<RecommendationRow> {
  const row = await db.recommendation.findFirst({
    where: { id: recommendationId, workspaceId },
    include: recommendationInclude,
  });
  if (!row) throw errors.notFound("Recommendation");
  return row;
}

/** The status and metric of a workspace's recommendation (what a transition needs), or `404 not_found`. */
export async function findRecommendationState(
  db: Prisma.TransactionClient,
  workspaceId: string,
  recommendationId: string,
): Promise<{ id: string; status: string; metric: Prisma.JsonValue }> {
  const row = await db.recommendation.findFirst({
    where: { id: recommendationId, workspaceId },
    select: { id: true, status: true, metric: true },
  });
  if (!row) throw errors.notFound("Recommendation");
  return row;
}

export function toRecommendationResponse(
  row: RecommendationRow,
  workspaceSlug: string,
): Recommendation {
  return {
    recommendationId: row.id,
    workspace: workspaceSlug,
    kind: row.kind as Recommendation["kind"],
    status: row.status as RecommendationStatus,
    title: row.title,
    rationale: row.rationale,
    action: row.action,
    language: row.language as Recommendation["language"],
    target: {
      promptIds: row.promptIds,
      domain: row.domain,
      url: row.url,
      engines: row.engines,
    },
    priority: {
      score: row.priorityScore,
      expectedImpact: row.expectedImpact,
      confidence: row.confidence,
      effort: row.effort as Effort,
    },
    evidence: {
      metric: row.metric as unknown as RecommendationMetric,
      comparison: (row.comparison ?? null) as Recommendation["evidence"]["comparison"],
      pageEvaluation: (row.pageEvaluation ?? null) as Recommendation["evidence"]["pageEvaluation"],
      stale: row.staleSince !== null,
      staleSince: row.staleSince ? dayOf(row.staleSince) : null,
      answers: row.answers.map(
        (a): RecommendationEvidenceAnswer => ({
          runId: a.runId,
          responseId: a.responseId,
          engine: a.engine,
          promptId: a.promptId,
          prompt: a.prompt,
          excerpt: a.excerpt,
          citations: a.citations as unknown as RecommendationEvidenceAnswer["citations"],
        }),
      ),
    },
    complianceFindings: row.complianceFindings as unknown as ComplianceFinding[],
    dismissal:
      row.status === "dismissed" && row.dismissReason && row.dismissedAt
        ? {
            reason: row.dismissReason as NonNullable<Recommendation["dismissal"]>["reason"],
            note: row.dismissNote,
            at: row.dismissedAt.toISOString(),
          }
        : null,
    impact: row.impactBaseline
      ? {
          baseline: row.impactBaseline as unknown as RecommendationMetric,
          current: (row.impactCurrent ?? null) as unknown as RecommendationMetric | null,
          delta: storedImpactDelta(row.impactDelta),
          verdict: (row.impactVerdict ?? "not_enough_data") as NonNullable<
            Recommendation["impact"]
          >["verdict"],
        }
      : null,
    fingerprint: row.fingerprint,
    history: row.transitions.map((tr) => ({
      action: tr.action as Recommendation["history"][number]["action"],
      from: tr.fromStatus as RecommendationStatus | null,
      to: tr.toStatus as RecommendationStatus,
      reason: tr.reason as Recommendation["history"][number]["reason"],
      note: tr.note,
      actor: {
        type: tr.actorType as "user" | "api_key" | "system",
        id: tr.actorId,
      },
      at: tr.createdAt.toISOString(),
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type ImpactDeltaBody = NonNullable<NonNullable<Recommendation["impact"]>["delta"]>;

/**
 * A stored impact delta in the current shape: one stored before the windows
 * were measured compared two single days (`windows: null`); one whose windows
 * lack their values (stored before they were recorded) shows none until the
 * worker measures it again (`queueOutdatedImpacts`).
 */
function storedImpactDelta(stored: unknown): ImpactDeltaBody | null {
  if (!stored) return null;
  const delta = stored as ImpactDeltaBody;
  const windows = delta.windows && "n" in delta.windows.before ? delta.windows : null;
  return { ...delta, windows };
}
