import type { AppContext } from "../../context.js";
import { addDays } from "../../days.js";
import type { PointCell } from "../../metrics/aggregates.js";
import { upsertJsonRows } from "../sql/insert-json-rows.js";
import { loadDailySums } from "./load-daily-sums.js";
import { packRows, unpackRows } from "./packed-rows.js";

/**
 * The format of a stored row: a release that changes how the sums are made or
 * kept bumps it, so stored rows read as missing and are summed again.
 */
export const SUMS_FORMAT = 2;
/** Days summed from the rollups by one read as a list; more are read as their range. */
const LIST_READ_DAYS = 31;

/**
 * A day's sums as stored, numbers by position to keep a year's read short:
 * the entities named once (`e`), then per engine [engine, responses, with
 * citations, then mentioned, rank sum, cited, recommended and shortlisted for each entity of
 * `e`, or -1 for an entity the cell lacks].
 */
interface StoredDay {
  /** SUMS_FORMAT: a row of another format is summed again. */
  v: number;
  e: string[];
  c: Array<[string, ...number[]]>;
}

/**
 * Every engine's point sums of each day with data of `from`..`to`,
 * unfiltered (brand research left out): the days whose sums are stored at
 * their current revision (`metric_day_sums`) are read in one statement with
 * the day list; the others are summed from the day-engine rollups
 * (`loadDailySums`, one read) and stored for the next read (never over a
 * row of a later revision another request stored meanwhile). The same sums as
 * `loadDailySums` with no filters, which a year of reads as 365 short rows
 * instead of summing thousands.
 */
export async function loadStoredDailySums(options: {
  ctx: AppContext;
  workspaceId: string;
  version: number;
  from: string;
  to: string;
}): Promise<Map<string, PointCell[]>> {
  const { ctx, workspaceId, version, from, to } = options;
  // Two range scans, matched here: a join of the tables was planned, without
  // statistics (the embedded database never runs ANALYZE on its own), as a
  // nested loop reading every stored day once per day (38 ms for a year, 5 ms so).
  const [row] = await ctx.prisma.$queryRawUnsafe<
    Array<{ days: string | null; sums: string | null }>
  >(
    `SELECT
       (SELECT ${packRows(["d.day - $3::date", "d.revision"])} FROM metric_days d
        WHERE d.workspace_id = $1 AND d.analysis_version = $2::int
          AND d.day BETWEEN $3::date AND $4::date AND d.responses > 0) AS days,
       (SELECT ${packRows(["s.day - $3::date", "s.revision", "s.body"])} FROM metric_day_sums s
        WHERE s.workspace_id = $1 AND s.analysis_version = $2::int
          AND s.day BETWEEN $3::date AND $4::date) AS sums`,
    workspaceId,
    version,
    from,
    to,
  );
  const storedSums = new Map(
    unpackRows(row?.sums).map(([offset = "0", revision = "0", body = ""]) => [
      `${offset}:${revision}`,
      body,
    ]),
  );
  const result = new Map<string, PointCell[]>();
  const missing: Array<{ day: string; revision: number }> = [];
  for (const [offset = "0", revision = "0"] of unpackRows(row?.days)) {
    const day = addDays(from, Number(offset));
    const body = storedSums.get(`${offset}:${revision}`);
    const stored = body ? (JSON.parse(body) as StoredDay) : null;
    if (stored?.v === SUMS_FORMAT) result.set(day, fromStored(stored));
    else missing.push({ day, revision: Number(revision) });
  }
  if (missing.length === 0) return result;
  missing.sort((a, b) => (a.day < b.day ? -1 : 1));
  const days =
    missing.length <= LIST_READ_DAYS
      ? missing.map((m) => m.day)
      : { from: (missing[0] as { day: string }).day, to: (missing.at(-1) as { day: string }).day };
  const summed = await loadDailySums({ ctx, workspaceId, version, days, filters: {} });
  const rows = missing.map((m) => {
    const cells = summed.get(m.day) ?? [];
    result.set(m.day, cells);
    return { ...m, body: JSON.stringify(toStored(cells)) };
  });
  const now = ctx.clock.now().toISOString();
  await upsertJsonRows(ctx.prisma, {
    table: "metric_day_sums",
    columns: {
      workspace_id: "text",
      analysis_version: "int",
      day: "date",
      revision: "int",
      body: "text",
      updated_at: "timestamptz",
    },
    key: ["workspace_id", "analysis_version", "day"],
    rows: rows.map((r) => ({
      workspace_id: workspaceId,
      analysis_version: version,
      day: r.day,
      revision: r.revision,
      body: r.body,
      updated_at: now,
    })),
    // Another request may have stored the day at a later revision meanwhile: keep that one.
    onlyWhen: "metric_day_sums.revision <= EXCLUDED.revision",
  });
  return result;
}

function toStored(cells: readonly PointCell[]): StoredDay {
  const e = [...new Set(cells.flatMap((c) => Object.keys(c.entities)))].sort();
  return {
    v: SUMS_FORMAT,
    e,
    c: cells.map((cell) => [
      cell.engine,
      cell.responses,
      cell.responsesWithCitations,
      ...e.flatMap((id) => {
        const counts = cell.entities[id];
        return counts
          ? [
              counts.mentionedResponses,
              counts.rankSum,
              counts.citedResponses,
              counts.recommendedResponses,
              counts.shortlistedResponses,
            ]
          : [-1];
      }),
    ]),
  };
}

/** `toStored` undone: an entity a cell did not have (stored as -1) is left out again. */
function fromStored({ e, c }: StoredDay): PointCell[] {
  return c.map(([engine, responses = 0, responsesWithCitations = 0, ...counts]) => {
    const entities: PointCell["entities"] = {};
    let at = 0;
    for (const id of e) {
      if (counts[at] === -1) {
        at++;
        continue;
      }
      entities[id] = {
        mentionedResponses: counts[at] as number,
        rankSum: counts[at + 1] as number,
        citedResponses: counts[at + 2] as number,
        recommendedResponses: counts[at + 3] as number,
        shortlistedResponses: counts[at + 4] as number,
      };
      at += 5;
    }
    return { promptId: "*", engine, category: "*", responses, responsesWithCitations, entities };
  });
}
