import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";

/**
 * The workspace's latest day with analysed answers at `version` (at or before `upTo` when
 * given), or null when it has none.
 */
export async function latestDataDay(
  db: AppContext["prisma"] | Prisma.TransactionClient,
  workspaceId: string,
  version: number,
  upTo: string | null = null,
): Promise<string | null> {
  const [row] = await db.$queryRawUnsafe<Array<{ day: string | null }>>(
    `SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM metric_days
     WHERE workspace_id = $1 AND analysis_version = $2::int AND responses > 0
       AND ($3::date IS NULL OR day <= $3::date)`,
    workspaceId,
    version,
    upTo,
  );
  return row?.day ?? null;
}
