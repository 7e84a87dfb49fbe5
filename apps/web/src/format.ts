import type { Schemas } from "./api";

/** Formatting for people: the browser's locale, dollars from micro-USD, honest intervals. */
const locale = (): string | undefined => undefined;

export function formatNumber(value: number, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits }).format(value);
}

/** "1 prompt", "4 prompts": a count with its noun (plural by an added "s"). */
export function formatCount(value: number, noun: string): string {
  return `${formatNumber(value)} ${noun}${value === 1 ? "" : "s"}`;
}

/** What a number leaves out: "Branded prompts excluded: 4 prompts, 8 answers". */
export function formatExcluded(excluded: Schemas["ExcludedAnswers"]): string {
  return `Branded prompts excluded: ${formatCount(excluded.brandResearchPrompts, "prompt")}, ${formatCount(excluded.brandResearchAnswers, "answer")} (they measure recall, not discovery).`;
}

/** A 0-1 share as a percentage: 0.4213 → "42.1%". */
export function formatShare(value: number): string {
  return new Intl.NumberFormat(locale(), {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}

/** Integer micro-USD as dollars: 1_234_567 → "$1.23"; below a cent keeps 4 decimals. */
export function formatMicrousd(micro: number): string {
  const dollars = micro / 1_000_000;
  const small = micro !== 0 && Math.abs(micro) < 10_000;
  return new Intl.NumberFormat(locale(), {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: small ? 4 : 2,
    maximumFractionDigits: small ? 4 : 2,
  }).format(dollars);
}

/** Dollars typed by a person to integer micro-USD ("12.50" → 12_500_000); null if not a sum. */
export function dollarsToMicrousd(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, "");
  if (!/^\d+(\.\d{1,6})?$/.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, "0"));
}

export type Scale = "score" | "share";

/** A value with its 95% interval: "42.1% (38.0–46.3%)", or "no data" when n = 0. */
export function formatEstimate(
  estimate: { value: number; ciLow: number; ciHigh: number; n: number },
  scale: Scale,
): string {
  if (estimate.n === 0) return "no data";
  const f = scale === "share" ? formatShare : (v: number) => formatNumber(v, 1);
  return `${f(estimate.value)} (95% CI ${f(estimate.ciLow)}–${f(estimate.ciHigh)})`;
}

export interface DeltaView {
  text: string;
  /** "up"/"down" only when the change is distinguishable from noise. */
  direction: "up" | "down" | "flat" | "none";
  significant: boolean | null;
  note: string;
}

/** A change since a comparison day, with whether it is distinguishable from noise. */
export function describeDelta(
  comparison: Pick<Schemas["DeltaComparison"], "delta" | "significant">,
  scale: Scale,
): DeltaView {
  if (comparison.delta === null)
    return { text: "—", direction: "none", significant: null, note: "no comparison day" };
  const points = scale === "share" ? comparison.delta * 100 : comparison.delta;
  const unit = scale === "share" ? " pts" : "";
  const sign = points > 0 ? "+" : points < 0 ? "−" : "±";
  const text = `${sign}${formatNumber(Math.abs(points), 1)}${unit}`;
  const significant = comparison.significant === true;
  const direction = !significant ? "flat" : points > 0 ? "up" : "down";
  const note = significant
    ? "distinguishable from noise (95% interval excludes 0)"
    : "within noise (95% interval includes 0)";
  return { text, direction, significant: comparison.significant, note };
}

export function formatDate(iso: string | null): string {
  if (!iso) return "—";
  const date = iso.length === 10 ? new Date(`${iso}T00:00:00Z`) : new Date(iso);
  return new Intl.DateTimeFormat(locale(), {
    dateStyle: "medium",
    ...(iso.length === 10 ? { timeZone: "UTC" } : { timeStyle: "short" }),
  }).format(date);
}

/** A chart's axis label for a UTC day ("Nov 20" in English); anything else as it is. */
export function formatAxisDay(value: unknown): string {
  const text = String(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  return new Intl.DateTimeFormat(locale(), {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${text}T00:00:00Z`));
}

/** A chart tooltip's title: a UTC day in full ("Nov 20, 2026"); anything else as it is. */
export function formatTooltipDay(value: unknown): string {
  const text = String(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatDate(text) : text;
}

/** YYYY-MM-DD of a date in UTC (the metrics' days are UTC days). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
