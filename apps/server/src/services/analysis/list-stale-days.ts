import type { Prisma } from "@geopulse/db";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";

type Db = AppContext["prisma"] | Prisma.TransactionClient;

export interface ListStaleDaysOptions {
  db: Db;
  workspaceId: string;
  /** The workspace's current subject fingerprint (WorkspaceAnalyzer.fingerprint). */
  fingerprint: string;
  /** Only this day (`YYYY-MM-DD`). */
  day?: string;
  /** Only the days within `from`..`to`. */
  range?: { from: string; to: string };
  /** At most this many (all when omitted). */
  limit?: number;
}

/**
 * Days whose rollups were not all made at the current ANALYSIS_VERSION with
 * this subject fingerprint (another version, another subject, or unknown),
 * newest first: the days a re-analysis has to redo. A day analysed with the
 * current subject is never redone, so an edit that changes nothing the
 * analyzer reads, or one undone before its re-analysis ran, costs nothing.
 */
export async function listStaleDays(options: ListStaleDaysOptions): Promise<string[]> {
  const rows = await options.db.$queryRawUnsafe<Array<{ day: string }>>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM metric_days
     WHERE workspace_id = $1 AND ($5::date IS NULL OR day = $5::date)
       AND ($6::date IS NULL OR day BETWEEN $6::date AND $7::date)
     GROUP BY day
     HAVING NOT bool_and(coalesce(analysis_version = $2::int AND subject_fingerprint = $3, false))
     ORDER BY day DESC
     LIMIT $4::int`,
    options.workspaceId,
    ANALYSIS_VERSION,
    options.fingerprint,
    options.limit ?? null,
    options.day ?? null,
    options.range?.from ?? null,
    options.range?.to ?? null,
  );
  return rows.map((r) => r.day);
}
