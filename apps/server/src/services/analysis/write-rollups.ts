import type { Prisma } from "@geopulse/db";
import { entityCountColumns, entityCountValues } from "./rollup-columns.js";
import type { GroupKey, RollupRows } from "./rollup-rows.js";

type Tx = Prisma.TransactionClient;

const CHUNK = 400;

/**
 * Locks the day's summary row of a workspace (creating it), bumping its
 * revision. Every writer of a day's rollups takes it first, so a re-analysis
 * of the day and answers being recorded on it run one after the other.
 */
export async function lockMetricDay(
  tx: Tx,
  options: { workspaceId: string; version: number; day: string; now: Date },
): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO metric_days (workspace_id, analysis_version, day, responses, revision, updated_at)
     VALUES ($1, $2::int, $3::date, 0, 1, $4::timestamptz)
     ON CONFLICT (workspace_id, analysis_version, day)
     DO UPDATE SET revision = metric_days.revision + 1, updated_at = EXCLUDED.updated_at`,
    options.workspaceId,
    options.version,
    options.day,
    options.now.toISOString(),
  );
}

/**
 * Records the subject fingerprint of answers being added to a locked day: the
 * day keeps it when it was empty or made with the same one, and becomes
 * unknown (NULL, so re-analysis redoes it) when its answers were analysed
 * against different subjects. Call after `lockMetricDay`, before
 * `addRollupRows`.
 */
export async function noteDaySubject(
  tx: Tx,
  options: { workspaceId: string; version: number; day: string; fingerprint: string },
): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE metric_days SET subject_fingerprint =
       CASE WHEN responses = 0 OR subject_fingerprint = $4 THEN $4 ELSE NULL END
     WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date`,
    options.workspaceId,
    options.version,
    options.day,
    options.fingerprint,
  );
}

/** Adds rollup rows to what is stored (insert or increment), in chunks. */
export async function addRollupRows(
  tx: Tx,
  options: { workspaceId: string; version: number; rows: RollupRows },
): Promise<void> {
  const { workspaceId, version, rows } = options;
  const key = (r: {
    day: string;
    engine: string;
    promptId: string;
    category: string;
    language: string;
    region: string | null;
  }) => [workspaceId, version, r.day, r.engine, r.promptId, r.category, r.language, r.region];
  const keyTypes = ["text", "int", "date", "text", "text", "text", "text", "text"];
  const keyColumns =
    "workspace_id, analysis_version, day, engine, prompt_id, category, language, region";

  await upsert(tx, {
    table: "metric_cells",
    columns: `${keyColumns}, responses, responses_with_citations`,
    types: [...keyTypes, "int", "int"],
    conflict: "workspace_id, analysis_version, day, engine, prompt_id",
    sums: ["responses", "responses_with_citations"],
    values: rows.cells.map((r) => [...key(r), r.responses, r.responsesWithCitations]),
  });
  const entitySums = [...entityCountColumns];
  const entityTypes = entitySums.map(() => "int");
  await upsert(tx, {
    table: "metric_entity_counts",
    columns: `${keyColumns}, entity_id, ${entitySums.join(", ")}`,
    types: [...keyTypes, "text", ...entityTypes],
    conflict: "workspace_id, analysis_version, day, engine, prompt_id, entity_id",
    sums: entitySums,
    values: rows.entities.map((r) => [...key(r), r.entityId, ...entityCountValues(r)]),
  });
  const groupKey = (r: GroupKey) => [
    workspaceId,
    version,
    r.day,
    r.engine,
    r.category,
    r.language,
    r.region,
  ];
  const groupKeyTypes = ["text", "int", "date", "text", "text", "text", "text"];
  const groupKeyColumns = "workspace_id, analysis_version, day, engine, category, language, region";
  await upsert(tx, {
    table: "metric_groups",
    columns: `${groupKeyColumns}, responses, responses_with_citations`,
    types: [...groupKeyTypes, "int", "int"],
    conflict: groupKeyColumns,
    sums: ["responses", "responses_with_citations"],
    values: rows.groups.map((r) => [...groupKey(r), r.responses, r.responsesWithCitations]),
  });
  await upsert(tx, {
    table: "metric_group_entity_counts",
    columns: `${groupKeyColumns}, entity_id, ${entitySums.join(", ")}`,
    types: [...groupKeyTypes, "text", ...entityTypes],
    conflict: `${groupKeyColumns}, entity_id`,
    sums: entitySums,
    values: rows.groupEntities.map((r) => [...groupKey(r), r.entityId, ...entityCountValues(r)]),
  });
  await upsert(tx, {
    table: "metric_group_domain_counts",
    columns: `${groupKeyColumns}, domain, taxonomy, cited_responses`,
    types: [...groupKeyTypes, "text", "text", "int"],
    conflict: `${groupKeyColumns}, domain`,
    sums: ["cited_responses"],
    values: rows.domains.map((r) => [...groupKey(r), r.domain, r.taxonomy, r.citedResponses]),
  });
  for (const [day, responses] of rows.days) {
    await tx.$executeRawUnsafe(
      `UPDATE metric_days SET responses = responses + $4::int
       WHERE workspace_id = $1 AND analysis_version = $2::int AND day = $3::date`,
      workspaceId,
      version,
      day,
      responses,
    );
  }
}

/** Removes every rollup row of a workspace's day (all analysis versions). */
export async function clearRollupDay(
  tx: Tx,
  options: { workspaceId: string; day: string; keepVersion: number },
): Promise<void> {
  for (const table of [
    "metric_cells",
    "metric_entity_counts",
    "metric_groups",
    "metric_group_entity_counts",
    "metric_group_domain_counts",
  ]) {
    await tx.$executeRawUnsafe(
      `DELETE FROM ${table} WHERE workspace_id = $1 AND day = $2::date`,
      options.workspaceId,
      options.day,
    );
  }
  await tx.$executeRawUnsafe(
    `DELETE FROM metric_days WHERE workspace_id = $1 AND day = $2::date AND analysis_version <> $3::int`,
    options.workspaceId,
    options.day,
    options.keepVersion,
  );
  await tx.$executeRawUnsafe(
    `UPDATE metric_days SET responses = 0 WHERE workspace_id = $1 AND day = $2::date`,
    options.workspaceId,
    options.day,
  );
}

async function upsert(
  tx: Tx,
  spec: {
    table: string;
    columns: string;
    types: string[];
    conflict: string;
    sums: string[];
    values: unknown[][];
  },
): Promise<void> {
  const width = spec.types.length;
  const set = spec.sums.map((c) => `${c} = ${spec.table}.${c} + EXCLUDED.${c}`).join(", ");
  for (let start = 0; start < spec.values.length; start += CHUNK) {
    const chunk = spec.values.slice(start, start + CHUNK);
    const tuples = chunk.map(
      (_, i) => `(${spec.types.map((type, j) => `$${i * width + j + 1}::${type}`).join(", ")})`,
    );
    await tx.$executeRawUnsafe(
      `INSERT INTO ${spec.table} (${spec.columns}) VALUES ${tuples.join(", ")}
       ON CONFLICT (${spec.conflict}) DO UPDATE SET ${set}`,
      ...chunk.flat(),
    );
  }
}
