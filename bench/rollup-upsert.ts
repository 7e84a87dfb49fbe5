/**
 * What one day's swap pays per rollup row on the embedded database: a table shaped like
 * `metric_entity_counts` (its primary key of six columns, nine value columns) holding 28 days
 * of 800 rows, then each day overwritten in one statement, three ways: `INSERT … ON CONFLICT DO
 * UPDATE` from unnest (what `swapDayStatement` does), `UPDATE … FROM unnest`, and with the
 * table's pages kept 30% free (fillfactor 70, so updates can stay on their page). Prints the
 * median per 800-row day, per row, and the share of heap-only (HOT) updates. On PGlite's own
 * thread, as the server runs it.
 *
 *   pnpm --filter @geopulse/bench exec tsx --no-memory-protection-keys rollup-upsert.ts [--rounds 3]
 */
import { parseArgs } from "node:util";
import { openPgliteThread } from "@geopulse/db";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "3" } } });
const ROWS_PER_DAY = 800;
const DAYS = 28;
const columns: Array<[string, string]> = [
  ["workspace_id", "text"],
  ["analysis_version", "int"],
  ["day", "date"],
  ["engine", "text"],
  ["prompt_id", "text"],
  ["entity_id", "text"],
  ["category", "text"],
  ["language", "text"],
  ["region", "text"],
  ...["a", "b", "c", "d", "e", "f"].map((name): [string, string] => [name, "int"]),
];
const names = columns.map(([name]) => name);
const key = names.slice(0, 6).join(", ");
const arrays = columns.map(([, type], j) => `$${j + 1}::${type}[]`).join(", ");
const dayOf = (d: number) => `2026-02-${String(d).padStart(2, "0")}`;
const engines = ["openai", "perplexity", "anthropic", "gemini", "exa"];

/** A day's rows as one array per column, counts moved by `round` so every row changes. */
function dayParams(day: string, round: number): unknown[][] {
  const rows: unknown[][] = [];
  for (let p = 0; rows.length < ROWS_PER_DAY; p++)
    for (const engine of engines)
      rows.push([
        "cmworkspace00000000000001",
        1,
        day,
        engine,
        `cmprompt${String(p).padStart(17, "0")}`,
        `entity${p % 5}`,
        "discovery",
        "en",
        "",
        round + 1,
        2,
        3,
        4,
        5,
        6,
      ]);
  return names.map((_, j) => rows.slice(0, ROWS_PER_DAY).map((row) => row[j]));
}

const statements = {
  "insert on conflict": `INSERT INTO m SELECT * FROM unnest(${arrays})
    ON CONFLICT (${key}) DO UPDATE SET ${names
      .slice(6)
      .map((c) => `${c} = EXCLUDED.${c}`)
      .join(", ")}`,
  "update from": `UPDATE m SET ${names
    .slice(6)
    .map((c) => `${c} = v.${c}`)
    .join(", ")}
    FROM unnest(${arrays}) AS v(${names.join(", ")})
    WHERE ${names
      .slice(0, 6)
      .map((c) => `m.${c} = v.${c}`)
      .join(" AND ")}`,
};

async function measure(label: string, fillfactor: number, sql: string) {
  const db = await openPgliteThread({ dataDir: "memory://" });
  await db.exec(`CREATE TABLE m (${columns.map(([n, t]) => `${n} ${t}`).join(", ")},
    PRIMARY KEY (${key})) WITH (fillfactor = ${fillfactor})`);
  for (let d = 1; d <= DAYS; d++)
    await db.query(statements["insert on conflict"], dayParams(dayOf(d), 0));
  await db.exec("ANALYZE m");
  for (let round = 1; round <= Number(values.rounds); round++) {
    const times: number[] = [];
    for (let d = 1; d <= DAYS; d++) {
      const params = dayParams(dayOf(d), round);
      const started = performance.now();
      await db.query(sql, params);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(DAYS / 2)] ?? 0;
    // Statistics are flushed at most once a second otherwise.
    await db.query("SELECT pg_stat_force_next_flush()");
    const stats = await db.query<{ upd: number; hot: number }>(
      "SELECT n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname = 'm'",
    );
    const { upd = 0, hot = 0 } = stats.rows[0] ?? {};
    console.log(
      `${label.padEnd(36)} overwrite ${round}: ${median.toFixed(1).padStart(5)} ms a day, ${((median / ROWS_PER_DAY) * 1000).toFixed(0)} µs a row, HOT ${upd ? ((100 * hot) / upd).toFixed(0) : 0}% of updates so far`,
    );
  }
  await db.close();
}

await measure("insert on conflict", 100, statements["insert on conflict"]);
await measure("update from", 100, statements["update from"]);
await measure("insert on conflict, fillfactor 70", 70, statements["insert on conflict"]);
