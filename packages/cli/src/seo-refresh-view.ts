import type { SeoRefresh } from "@geopulse/api-types";
import { keyValues, table, usd, when } from "./format.js";

/** Pages and rows per source, on one line (`search_console 2 pages 6 rows; analytics …`). */
export function seoProgressLine(refresh: SeoRefresh): string {
  const sources = refresh.progress.map(
    (p) => `${p.source} ${p.pagesFetched} page(s) ${p.rowsStored} row(s)${p.done ? " done" : ""}`,
  );
  return `${refresh.status}: ${sources.join("; ")}`;
}

/** A refresh: its summary and the progress per source. */
export function seoRefreshLines(refresh: SeoRefresh): string {
  const skipped = refresh.skippedSources.map((s) => `${s.source} (${s.reason})`);
  return [
    keyValues([
      ["Refresh", refresh.refreshId],
      ["Status", refresh.status],
      ["Range", `${refresh.from} to ${refresh.to}`],
      ["Skipped", skipped.join("; ") || "-"],
      ["Rows stored", refresh.rowsStored],
      ["Truncated", refresh.truncated ? "yes (page bound reached)" : "no"],
      ["Reserved", usd(refresh.reservedMicrousd)],
      ["Cost", usd(refresh.costMicrousd)],
      ["Error", refresh.error],
      ["Created", when(refresh.createdAt)],
      ["Finished", when(refresh.finishedAt)],
    ]),
    table(
      ["source", "pages", "rows", "done"],
      refresh.progress.map((p) => [p.source, p.pagesFetched, p.rowsStored, p.done ? "yes" : "no"]),
    ),
  ].join("\n\n");
}
