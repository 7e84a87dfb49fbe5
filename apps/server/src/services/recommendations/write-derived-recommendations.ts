import type { RecommendationStatus } from "@geopulse/api-types";
import { Prisma } from "@geopulse/db";
import { storableJson } from "../../text/storable-text.js";
import { insertFromJsonSql, jsonRecordsetSql } from "../sql/insert-json-rows.js";
import { openStatuses } from "./recommendation-rules.js";

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

/** A recommendation a derivation creates. */
export interface DerivedCreate {
  id: string;
  workspaceId: string;
  kind: string;
  fingerprint: string;
  status: RecommendationStatus;
  content: DerivedContent;
  createdAt: Date;
}

/** One evidence answer of a recommendation, at its position. */
export interface DerivedAnswerRow {
  recommendationId: string;
  position: number;
  runId: string;
  responseId: string;
  engine: string;
  promptId: string;
  prompt: string;
  excerpt: string;
  citations: unknown;
}

/** A status change a derivation made, for the history. */
export interface DerivedTransition {
  id: string;
  recommendationId: string;
  action: string;
  fromStatus: RecommendationStatus | null;
  toStatus: RecommendationStatus;
  createdAt: Date;
}

/** What a derivation writes: every part may be empty. */
export interface DerivedWrites {
  creates: readonly DerivedCreate[];
  updates: readonly DerivedUpdate[];
  /** The recommendations whose evidence answers are replaced by `answers`' rows of them. */
  answersOf: readonly string[];
  answers: readonly DerivedAnswerRow[];
  history: readonly DerivedTransition[];
}

/**
 * Open recommendations of the workspace the derivation's day no longer supports, marked stale
 * from that day (those already stale keep their day).
 */
export interface StaleMarking {
  workspaceId: string;
  /** The day, `YYYY-MM-DD`. */
  since: string;
  now: Date;
  /** Ids the derivation stored (created or updated): not stale. */
  supported: readonly string[];
  /** Fingerprints of candidates left out by the cap: still supported, not stale. */
  capped: readonly string[];
}

const contentColumns = {
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
const createColumns = {
  id: "text",
  workspace_id: "text",
  kind: "text",
  fingerprint: "text",
  status: "text",
  ...contentColumns,
  created_at: "timestamptz",
};
const updateColumns = { id: "text", status: "text", clear_dismissal: "boolean", ...contentColumns };
const answerColumns = {
  recommendation_id: "text",
  position: "int",
  run_id: "text",
  response_id: "text",
  engine: "text",
  prompt_id: "text",
  prompt: "text",
  excerpt: "text",
  citations: "jsonb",
};
/** recommendation_answers' primary key. */
const answerKey = ["recommendation_id", "position"];
const transitionColumns = {
  id: "text",
  recommendation_id: "text",
  action: "text",
  from_status: "text",
  to_status: "text",
  actor_type: "text",
  created_at: "timestamptz",
};
const names = (columns: Record<string, string>) => Object.keys(columns).join(", ");
const jsonOrNull = (value: Prisma.InputJsonValue | typeof Prisma.DbNull) =>
  value === Prisma.DbNull ? null : value;

/** A row keyed by column name: `recommendationId` is `recommendation_id`. */
const snakeCaseKeys = (row: object) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      value,
    ]),
  );

/** The stored columns of a derivation's content, by column name. */
const contentRow = (c: DerivedContent) => ({
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
});

/**
 * Writes a derivation in ONE statement, each part a data-modifying CTE with its rows as one
 * jsonb parameter: new recommendations, updates of stored ones (each also clears
 * `staleSince`: the day supports it again), their evidence answers and the history. A
 * derivation writes tens of rows under the workspace lock, and on the embedded database its
 * transaction holds the only connection for every round trip (six here before).
 *
 * The parts touch different rows: answers are upserted by (recommendation, position) and only
 * the positions no longer used are deleted, since sibling CTEs run on one snapshot in no set
 * order; the new answers' and history's references to new recommendations are checked at the
 * end of the statement.
 */
export async function writeDerivedRecommendations(
  tx: Prisma.TransactionClient,
  writes: DerivedWrites,
  stale?: StaleMarking,
): Promise<{ markedStale: number }> {
  const parts: string[] = [];
  const params: string[] = [];
  const value = (text: string) => {
    params.push(text);
    return `$${params.length}`;
  };
  const rowsOf = (columns: Record<string, string>, rows: readonly unknown[]) =>
    jsonRecordsetSql(value(storableJson(rows)), columns);
  const list = (texts: readonly string[]) =>
    `(SELECT jsonb_array_elements_text(${value(storableJson(texts))}::jsonb))`;
  if (writes.creates.length > 0) {
    const rows = writes.creates.map(({ content, createdAt, ...keys }) => ({
      ...snakeCaseKeys(keys),
      ...contentRow(content),
      created_at: createdAt.toISOString(),
    }));
    const param = value(storableJson(rows));
    parts.push(`created AS (${insertFromJsonSql("recommendations", createColumns, param)})`);
  }
  if (writes.updates.length > 0) {
    const rows = writes.updates.map(({ id, content, status, clearDismissal }) => ({
      id,
      status: status ?? null,
      clear_dismissal: clearDismissal ?? false,
      ...contentRow(content),
    }));
    const cleared = (name: string) =>
      `${name} = CASE WHEN v.clear_dismissal THEN NULL ELSE r.${name} END`;
    const copied = Object.keys(contentColumns);
    parts.push(`updated AS (UPDATE recommendations r SET status = coalesce(v.status, r.status),
      ${["dismiss_reason", "dismiss_note", "dismissed_at"].map(cleared).join(", ")},
      stale_since = NULL, ${copied.map((name) => `${name} = v.${name}`).join(", ")}
      FROM ${rowsOf(updateColumns, rows)} WHERE r.id = v.id)`);
  }
  if (writes.answersOf.length > 0) {
    const rows = writes.answers.map(snakeCaseKeys);
    parts.push(`answers AS MATERIALIZED (SELECT * FROM ${rowsOf(answerColumns, rows)})`);
    parts.push(`unused_answers AS (DELETE FROM recommendation_answers a
      WHERE a.recommendation_id IN ${list(writes.answersOf)}
        AND NOT EXISTS (SELECT 1 FROM answers n
          WHERE n.recommendation_id = a.recommendation_id AND n.position = a.position))`);
    const set = Object.keys(answerColumns)
      .filter((name) => !answerKey.includes(name))
      .map((name) => `${name} = EXCLUDED.${name}`)
      .join(", ");
    parts.push(`put_answers AS (INSERT INTO recommendation_answers (${names(answerColumns)})
      SELECT ${names(answerColumns)} FROM answers
      ON CONFLICT (${answerKey.join(", ")}) DO UPDATE SET ${set})`);
  }
  if (writes.history.length > 0) {
    const rows = writes.history.map(({ createdAt, ...t }) => ({
      ...snakeCaseKeys(t),
      actor_type: "system",
      created_at: createdAt.toISOString(),
    }));
    const param = value(storableJson(rows));
    parts.push(
      `history AS (${insertFromJsonSql("recommendation_transitions", transitionColumns, param)})`,
    );
  }
  if (stale) {
    // Sibling CTEs do not see each other's rows: created and updated ones are `supported`.
    parts.push(`stale AS (UPDATE recommendations SET stale_since = ${value(stale.since)}::date,
        updated_at = ${value(stale.now.toISOString())}::timestamptz
      WHERE workspace_id = ${value(stale.workspaceId)} AND stale_since IS NULL
        AND status IN ${list(openStatuses)}
        AND id NOT IN ${list(stale.supported)}
        AND fingerprint NOT IN ${list(stale.capped)}
      RETURNING 1)`);
  }
  if (parts.length === 0) return { markedStale: 0 };
  const [row] = await tx.$queryRawUnsafe<Array<{ stale: number }>>(
    `WITH ${parts.join(",\n")} SELECT ${stale ? "(SELECT count(*)::int FROM stale)" : "0"} AS stale`,
    ...params,
  );
  return { markedStale: Number(row?.stale ?? 0) };
}
