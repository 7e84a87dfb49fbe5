import type { DeltaComparison, ExcludedAnswers } from "@geopulse/api-types";
import type { ReportCell, ReportFigure } from "../../reports/report-document.js";

/**
 * Small conversions every report builder shares. Values are stored as the
 * metric functions answer them, only scaled: a 0-1 share becomes 0-100
 * (`percent` columns), nothing is rounded, so a report and the API agree
 * exactly. Figures (text) are rounded for reading.
 */
const surfaceNames: Record<string, string> = {
  api: "developer APIs",
  search_page: "search results pages",
  consumer_app: "consumer apps",
};

/** "1 answer", "4 answers". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export const reportValues = {
  /** A 0-1 share as 0-100. */
  percent: (share: number): number => share * 100,
  /** "42.1%" from a 0-1 share. */
  percentText: (share: number): string => `${(share * 100).toFixed(1)}%`,
  /** "42.1 (95% 38.0-46.2)" from a 0-100 value and its bounds. */
  withInterval: (value: number, low: number, high: number, unit = ""): string =>
    `${value.toFixed(1)}${unit} (95% ${low.toFixed(1)}-${high.toFixed(1)}${unit})`,
  /** A figure for a delta: "+3.2 (significant)" or "no comparison". */
  deltaFigure: (label: string, c: DeltaComparison, scale = 1): ReportFigure =>
    c.date === null || c.delta === null
      ? { label, value: "no comparison" }
      : {
          label,
          value: `${c.delta * scale >= 0 ? "+" : ""}${(c.delta * scale).toFixed(1)}`,
          detail: `vs ${c.date}; 95% ${((c.ciLow ?? 0) * scale).toFixed(1)} to ${((c.ciHigh ?? 0) * scale).toFixed(1)}; ${c.significant ? "significant" : "not significant"}`,
        },
  /**
   * Which surfaces the figures read (the scoreboard's `composite.surfaces`), so a report never
   * pools an API with what buyers see in an app unsaid.
   */
  surfacesFigure: (surfaces: readonly string[]): ReportFigure => ({
    label: "Surfaces",
    value: surfaces.length ? surfaces.map((s) => surfaceNames[s] ?? s).join(", ") : "none",
    ...(surfaces.length > 1
      ? {
          detail:
            "pooled: the figures count every surface's answers together; the surface gap report compares them",
        }
      : {}),
  }),
  /**
   * What the figures leave out (the scoreboard's `excluded`): branded prompts, which measure
   * recall, not discovery; said so a reader never takes a number for all the answers unsaid.
   */
  excludedFigure: (excluded: ExcludedAnswers): ReportFigure =>
    excluded.brandResearchPrompts === 0
      ? { label: "Left out", value: "nothing" }
      : {
          label: "Left out",
          value: `${count(excluded.brandResearchPrompts, "branded prompt")} (${count(excluded.brandResearchAnswers, "answer")})`,
          detail: "brand-research prompts measure recall, not discovery",
        },
  /** The cells of a delta comparison, scaled (a share's delta by 100 into points). */
  deltaCells: (c: DeltaComparison, scale = 1): Record<string, ReportCell> => ({
    comparedWith: c.date,
    delta: c.delta === null ? null : c.delta * scale,
    ciLow: c.ciLow === null ? null : c.ciLow * scale,
    ciHigh: c.ciHigh === null ? null : c.ciHigh * scale,
    significant: c.significant,
    method: c.method,
  }),
};
