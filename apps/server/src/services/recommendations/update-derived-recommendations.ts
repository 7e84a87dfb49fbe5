import type { RecommendationStatus } from "@geopulse/api-types";
import { Prisma } from "@geopulse/db";
import { storableJson } from "../../text/storable-text.js";
import { jsonRecordType } from "../sql/insert-json-rows.js";

/** What a derivation rewrites of a stored recommendation (see prepareRecommendation's `content`). */
export interface DerivedContent {
  promptIds: string[];
  domain: string | null;
  url: string | null;
  engines: string[];
  title: string;
  rationale: string;
  action: string;
  language: string;
  priorityScore: number;
  expectedImpact: number;
  confidence: number;
  effort: string;
  metric: Prisma.InputJsonValue;
  comparison: Prisma.InputJsonValue | typeof Prisma.DbNull;
  pageEvaluation: Prisma.InputJsonValue | typeof Prisma.DbNull;
  evidenceHash: string;
  complianceFindings: Prisma.InputJsonValue;
  findingCount: number;
  derivedAt: Date;
  updatedAt: Date;
}

/** One stored recommendation a derivation updates. */
export interface DerivedUpdate {
  id: string;
  content: DerivedContent;
  /** Its new status; undefined keeps the stored one (a person may change it meanwhile). */
  status?: RecommendationStatus | undefined;
  /** Proposed again after a dismissal: the dismissal's reason, note and time are cleared. */
  clearDismissal?: boolean;
}

const columns = {
  id: "text",
  status: "text",
  clear_dismissal: "boolean",
  prompt_ids: "text[]",
  domain: "text",
  url: "text",
  engines: "text[]",
  title: "text",
  rationale: "text",
  action: "text",
  language: "text",
  priority_score: "int",
  expected_impact: "float8",
  confidence: "float8",
  effort: "text",
  metric: "jsonb",
  comparison: "jsonb",
  page_evaluation: "jsonb",
  evidence_hash: "text",
  compliance_findings: "jsonb",
  finding_count: "int",
  derived_at: "timestamptz",
  updated_at: "timestamptz",
};
/** Columns copied as they come (the rest are computed in the statement). */
const copied = Object.keys(columns).filter(
  (name) => !["id", "status", "clear_dismissal"].includes(name),
);
const jsonOrNull = (value: Prisma.InputJsonValue | typeof Prisma.DbNull) =>
  value === Prisma.DbNull ? null : value;

/**
 * Writes a derivation's updates of stored recommendations in ONE statement (the
 * rows as one jsonb parameter): a derivation updates tens at once, and on the
 * embedded database its transaction holds the only connection for every round
 * trip. Every update also clears `staleSince` (the day supports it again).
 */
export async function updateDerivedRecommendations(
  tx: Prisma.TransactionClient,
  updates: readonly DerivedUpdate[],
): Promise<void> {
  if (updates.length === 0) return;
  const rows = updates.map(({ id, content: c, status, clearDismissal }) => ({
    id,
    status: status ?? null,
    clear_dismissal: clearDismissal ?? false,
    prompt_ids: c.promptIds,
    domain: c.domain,
    url: c.url,
    engines: c.engines,
    title: c.title,
    rationale: c.rationale,
    action: c.action,
    language: c.language,
    priority_score: c.priorityScore,
    expected_impact: c.expectedImpact,
    confidence: c.confidence,
    effort: c.effort,
    metric: c.metric,
    comparison: jsonOrNull(c.comparison),
    page_evaluation: jsonOrNull(c.pageEvaluation),
    evidence_hash: c.evidenceHash,
    compliance_findings: c.complianceFindings,
    finding_count: c.findingCount,
    derived_at: c.derivedAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  }));
  const cleared = (name: string) =>
    `${name} = CASE WHEN v.clear_dismissal THEN NULL ELSE r.${name} END`;
  await tx.$executeRawUnsafe(
    `UPDATE recommendations r SET status = coalesce(v.status, r.status),
       ${["dismiss_reason", "dismiss_note", "dismissed_at"].map(cleared).join(", ")},
       stale_since = NULL, ${copied.map((name) => `${name} = v.${name}`).join(", ")}
     FROM jsonb_to_recordset($1::jsonb) AS v(${jsonRecordType(columns)})
     WHERE r.id = v.id`,
    storableJson(rows),
  );
}
