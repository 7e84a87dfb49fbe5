/** The part of an element a table test needs (linkedom's and domino's elements both fit). */
interface TableLike {
  querySelector(selectors: string): unknown;
  querySelectorAll(
    selectors: string,
  ): ArrayLike<{ querySelectorAll(s: string): ArrayLike<unknown> }>;
}

/**
 * A data table (rows and columns a reader compares) rather than layout: no nested table, at
 * least two rows, and a row with at least two cells.
 */
export function isDataTable(table: TableLike): boolean {
  // domino (turndown's parser) answers undefined, not null, when nothing matches.
  if ((table.querySelector("table") ?? null) !== null) return false;
  const rows = Array.from(table.querySelectorAll("tr"));
  if (rows.length < 2) return false;
  return rows.some((row) => row.querySelectorAll("td, th").length >= 2);
}
