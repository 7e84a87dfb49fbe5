import { Prisma } from "@geopulse/db";
import { classifyAiReferrer } from "../../analysis/ai-referrers.js";
import type { SearchRow, TrafficRow } from "../../engines/google/seo-page-reader.js";

const CHUNK = 500;

export interface StoreSeoRowsOptions {
  tx: Prisma.TransactionClient;
  workspaceId: string;
  refreshId: string;
  now: Date;
  page:
    | { source: "search_console"; rows: SearchRow[] }
    | { source: "analytics"; rows: TrafficRow[] };
}

/**
 * Upserts one page's rows on their natural keys (workspace, day, query, page for Search
 * Console; workspace, day, session source, landing page for GA4), so a page fetched again
 * (a resumed refresh, an overlapping range) updates rows and never adds them twice. GA4 rows
 * get the AI engine their session source classifies as (`ai-referrers.json`).
 */
export async function storeSeoRows({ tx, workspaceId, refreshId, now, page }: StoreSeoRowsOptions) {
  if (page.source === "search_console") {
    const rows = dedupe(page.rows, (r) => [r.date, r.query, r.page]);
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows
        .slice(i, i + CHUNK)
        .map(
          (r) =>
            Prisma.sql`(${workspaceId}, ${r.date}, ${storableText(r.query)}, ${storableText(r.page)}, ${r.clicks}, ${r.impressions}, ${r.ctr}, ${r.position}, ${refreshId}, ${now})`,
        );
      await tx.$executeRaw`
        INSERT INTO seo_search_rows (workspace_id, date, query, page, clicks, impressions, ctr, position, refresh_id, updated_at)
        VALUES ${Prisma.join(values)}
        ON CONFLICT (workspace_id, date, query, page) DO UPDATE SET
          clicks = EXCLUDED.clicks, impressions = EXCLUDED.impressions, ctr = EXCLUDED.ctr,
          position = EXCLUDED.position, refresh_id = EXCLUDED.refresh_id, updated_at = EXCLUDED.updated_at`;
    }
    return;
  }
  const rows = dedupe(page.rows, (r) => [r.date, r.sessionSource, r.landingPage]);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows
      .slice(i, i + CHUNK)
      .map(
        (r) =>
          Prisma.sql`(${workspaceId}, ${r.date}, ${storableText(r.sessionSource)}, ${storableText(r.landingPage)}, ${r.sessions}, ${r.conversions}, ${classifyAiReferrer(r.sessionSource)}, ${refreshId}, ${now})`,
      );
    await tx.$executeRaw`
      INSERT INTO seo_traffic_rows (workspace_id, date, session_source, landing_page, sessions, conversions, ai_engine, refresh_id, updated_at)
      VALUES ${Prisma.join(values)}
      ON CONFLICT (workspace_id, date, session_source, landing_page) DO UPDATE SET
        sessions = EXCLUDED.sessions, conversions = EXCLUDED.conversions, ai_engine = EXCLUDED.ai_engine,
        refresh_id = EXCLUDED.refresh_id, updated_at = EXCLUDED.updated_at`;
  }
}

/** One row per key (a statement cannot update the same row twice); the last one wins. */
function dedupe<T>(rows: T[], key: (row: T) => string[]): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) byKey.set(JSON.stringify(key(row)), row);
  return [...byKey.values()];
}

/** Text Google sent, made storable (no NUL, no lone surrogate); it is data, never interpreted. */
function storableText(text: string): string {
  return text
    .replaceAll("\u0000", "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}
