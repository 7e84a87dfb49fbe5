/** Small formatters for human output (tables, money, dates). */

export type Cell = string | number | boolean | null | undefined;

/** C0 controls but tab and newline, DEL, and the C1 controls (`Cc`: U+0000..1F, U+007F..9F). */
const controls = /[^\P{Cc}\n\t]/gu;
/** The same, and tab and newline: a table cell is one line. */
const cellControls = /\p{Cc}/gu;

/**
 * Text from the server made safe for a terminal, the one filter of every human
 * output path (`Context.out`, `info` and `write`, tables, progress lines, errors):
 * each control character but newline and tab becomes U+FFFD, so no escape
 * sequence (colours, cursor moves, titles, hyperlinks, a clipboard write), carriage
 * return or bell from a page, a model or a stored name acts on the terminal. A
 * CRLF line end is read as a newline. `--json` output is escaped instead (`Context.json`).
 */
export const printable = (value: string): string =>
  value.replace(/\r\n/g, "\n").replace(controls, "\uFFFD");

/**
 * `--json` output: JSON, with DEL and the C1 controls escaped too (`JSON.stringify`
 * escapes only C0), so it parses to exactly what the server sent and no raw
 * control character reaches a terminal.
 */
export const jsonText = (value: unknown): string =>
  (JSON.stringify(value, null, 2) ?? "null").replace(
    // JSON.stringify escaped the C0 controls of strings; its own newlines are the only others.
    /[^\P{Cc}\n]/gu,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

const text = (cell: Cell): string => (cell === null || cell === undefined ? "-" : String(cell));
/** A table cell's text: `printable`, and newlines and tabs too (one row a line). */
const cellText = (cell: Cell): string => text(cell).replace(cellControls, "\uFFFD");
// Visible width in code points (the CLI emits no colour codes).
const width = (value: string): number => [...value].length;

/** A left-aligned table with an upper-case header row and two spaces between columns. */
export function table(headers: string[], rows: Cell[][]): string {
  const cells = [
    headers.map((h) => cellText(h.toUpperCase())),
    ...rows.map((row) => row.map(cellText)),
  ];
  const widths = headers.map((_, column) =>
    Math.max(...cells.map((row) => width(row[column] ?? ""))),
  );
  return cells
    .map((row) =>
      row
        .map((cell, column) =>
          column === row.length - 1 ? cell : cell + " ".repeat((widths[column] ?? 0) - width(cell)),
        )
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** `label  value` lines, labels padded to one width. */
export function keyValues(pairs: [string, Cell][]): string {
  const labelWidth = Math.max(...pairs.map(([label]) => width(label)));
  return pairs
    .map(([label, value]) => `${label}${" ".repeat(labelWidth - width(label))}  ${text(value)}`)
    .join("\n");
}

/**
 * Micro-USD as dollars, the one money format of the CLI: whole cents with two
 * decimals (rounded to the nearest cent), and amounts under a cent exactly, so a
 * tiny cost does not read as nothing: 1_000_000 → "$1.00", 5_998_000 → "$6.00",
 * 1_234 → "$0.001234", -500_000 → "-$0.50". `--json` has the exact integers.
 */
export function usd(microusd: number): string {
  const sign = microusd < 0 ? "-" : "";
  const abs = Math.abs(microusd);
  if (abs > 0 && abs < 10_000) {
    return `${sign}$0.${String(abs).padStart(6, "0").replace(/0+$/, "")}`;
  }
  const cents = Math.round(abs / 10_000);
  const whole = Math.floor(cents / 100).toLocaleString("en-US");
  return `${sign}$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/** Dollars (a `…Usd` display field) in the same format as `usd`. */
export const dollars = (amount: number): string => usd(Math.round(amount * 1_000_000));

/** A count with its noun, singular for one: "1 engine", "3 engines", "0 answers". */
export const plural = (count: number, noun: string, many = `${noun}s`): string =>
  `${count} ${count === 1 ? noun : many}`;

/** A value marked with "*" when simulated (a list prints the legend under its table). */
export const marked = (value: string, simulated: boolean): string =>
  simulated ? `${value}*` : value;

/** A share 0..1 as a percentage with one decimal. */
export const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** A score with its confidence interval: "42.0 (38.1–45.9)". */
export const score = (value: number, low: number, high: number): string =>
  `${value.toFixed(1)} (${low.toFixed(1)}–${high.toFixed(1)})`;

/** A signed number: "+1.5", "-0.3", "0.0". */
export const signed = (value: number): string => `${value > 0 ? "+" : ""}${value.toFixed(1)}`;

/** An ISO timestamp shortened to minutes in UTC: "2025-01-31 14:05Z". */
export function when(iso: string | null | undefined): string {
  if (!iso) return "-";
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : `${date.toISOString().slice(0, 16).replace("T", " ")}Z`;
}

/** The text shortened to `max` code points with an ellipsis (one line). */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join("")}…`;
}
