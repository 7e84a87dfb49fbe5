import type { DeltaComparison } from "@geopulse/api-types";
import { signed } from "./format.js";

/** What a metric's `comparisons` hold: the change since each comparison day. */
export type Comparison = DeltaComparison;

/** Under a table that marks changes: what the arrows mean. */
export const changeLegend =
  "↑/↓ significant change since the previous day with data (its 95% interval excludes 0)";

/** "↑" or "↓" for a significant change, "" otherwise (no comparison, or not significant). */
export function arrow(c: Comparison): string {
  if (!c.significant || c.delta === null) return "";
  return c.delta > 0 ? "↑" : "↓";
}

/** "95% -1.9 to +10.3" in the delta's unit times `scale` (nothing without an interval). */
export function interval(c: Comparison, scale = 1): string {
  if (c.ciLow === null || c.ciHigh === null) return "";
  return `95% ${signed(c.ciLow * scale)} to ${signed(c.ciHigh * scale)}`;
}

/** "; 95% -1.9 to +10.3, not significant" (nothing when the interval is absent). */
export function significance(c: Comparison, scale = 1): string {
  const range = interval(c, scale);
  if (range === "") return "";
  return `; ${range}, ${c.significant ? "significant" : "not significant"}`;
}

/**
 * A share's change in percentage points with its interval and marker:
 * "+4.2 pt (95% -1.9 to +10.3) ↑"; null (printed "-") without a comparison.
 */
export function shareChange(c: Comparison): string | null {
  if (c.date === null || c.delta === null) return null;
  return `${signed(c.delta * 100)} pt (${interval(c, 100)}) ${arrow(c)}`.trimEnd();
}

/** Whether any of these comparisons is a significant change (a table then prints the legend). */
export const anySignificant = (comparisons: readonly Comparison[]): boolean =>
  comparisons.some((c) => c.significant === true);
