import type { ReportCell, ReportColumn } from "../../reports/report-document.js";
import {
  getSurfaceGaps,
  MIN_PAIRED_PROMPTS,
  type SurfaceDifference,
  type SurfaceGap,
} from "../metrics/surface-gaps.js";
import type { ReportBody, ReportBuildInput } from "./report-build-input.js";
import { TOP_SOURCES_DEFAULT } from "./report-catalog.js";
import { reportValues as v } from "./report-values.js";

const pct = (key: string, label: string): ReportColumn => ({ key, label, type: "percent" });

/** A difference's columns: points, its 95% bounds, and whether it is significant. */
const differenceColumns = (key: string, label: string): ReportColumn[] => [
  { key: `${key}Gap`, label: `${label} difference (points)`, type: "number" },
  { key: `${key}GapLow`, label: `${label} difference 95% low`, type: "number" },
  { key: `${key}GapHigh`, label: `${label} difference 95% high`, type: "number" },
  { key: `${key}Significant`, label: `${label} difference significant`, type: "text" },
];

const pairColumns: ReportColumn[] = [
  { key: "family", label: "Assistant", type: "text" },
  { key: "first", label: "First engine", type: "text" },
  { key: "firstSurface", label: "First surface", type: "text" },
  { key: "second", label: "Second engine", type: "text" },
  { key: "secondSurface", label: "Second surface", type: "text" },
  { key: "prompts", label: "Prompts paired", type: "integer" },
  { key: "firstAnswers", label: "Answers, first", type: "integer" },
  { key: "secondAnswers", label: "Answers, second", type: "integer" },
  pct("firstVisibility", "Visibility, first"),
  pct("secondVisibility", "Visibility, second"),
  ...differenceColumns("visibility", "Visibility"),
  pct("firstShareOfVoice", "Share of voice, first"),
  pct("secondShareOfVoice", "Share of voice, second"),
  ...differenceColumns("shareOfVoice", "Share of voice"),
  { key: "sharedDomains", label: "Domains cited by both", type: "integer" },
  { key: "onlyFirstDomains", label: "Domains cited by the first only", type: "integer" },
  { key: "onlySecondDomains", label: "Domains cited by the second only", type: "integer" },
  pct("domainOverlap", "Domain overlap (Jaccard)"),
];

/** A difference in points; empty cells when a side measured nothing. */
const points = (d: SurfaceDifference, key: string): Record<string, ReportCell> => ({
  [key]: d.n > 0 ? d.value * 100 : null,
  [`${key}Low`]: d.n > 0 ? d.ciLow * 100 : null,
  [`${key}High`]: d.n > 0 ? d.ciHigh * 100 : null,
});

/** A side's share in percent; empty when it counted nothing. */
const share = (e: { value: number; n: number }): ReportCell =>
  e.n > 0 ? v.percent(e.value) : null;

function pairRow(gap: SurfaceGap): Record<string, ReportCell> {
  return {
    family: gap.family,
    first: gap.first.engine,
    firstSurface: gap.first.surface,
    second: gap.second.engine,
    secondSurface: gap.second.surface,
    prompts: gap.prompts,
    firstAnswers: gap.first.answers,
    secondAnswers: gap.second.answers,
    firstVisibility: share(gap.first.visibility),
    secondVisibility: share(gap.second.visibility),
    ...points(gap.visibility, "visibilityGap"),
    visibilitySignificant: gap.visibility.significant ? "yes" : "no",
    firstShareOfVoice: share(gap.first.shareOfVoice),
    secondShareOfVoice: share(gap.second.shareOfVoice),
    ...points(gap.shareOfVoice, "shareOfVoiceGap"),
    shareOfVoiceSignificant: gap.shareOfVoice.significant ? "yes" : "no",
    sharedDomains: gap.domains.shared,
    onlyFirstDomains: gap.domains.onlyFirst,
    onlySecondDomains: gap.domains.onlySecond,
    domainOverlap: gap.domains.jaccard === null ? null : v.percent(gap.domains.jaccard),
  };
}

const pairName = (gap: SurfaceGap) => `${gap.first.engine} vs ${gap.second.engine}`;

const signed = (d: SurfaceDifference) =>
  `${d.value >= 0 ? "+" : ""}${(d.value * 100).toFixed(1)} points (95% ${(d.ciLow * 100).toFixed(1)} to ${(d.ciHigh * 100).toFixed(1)}; ${d.significant ? "significant" : "not significant"})`;

/**
 * The surface gap: for every two engines of one assistant measured in the period (an API and
 * its app, or two of a search engine's AI surfaces), how the brand's visibility and share of
 * voice differ on the same prompts asked the same days, with paired 95% intervals, and how far
 * the domains they cite overlap (services/metrics/surface-gaps.ts).
 */
export async function buildSurfaceGap(input: ReportBuildInput): Promise<ReportBody> {
  const { ctx, access, period } = input;
  const gaps = await getSurfaceGaps({
    ctx,
    workspaceId: access.id,
    from: period.from,
    to: period.to,
    topDomains: TOP_SOURCES_DEFAULT,
  });
  return surfaceGapBody(gaps);
}

/** The surface gap report's summary and sections from the measured pairs. Pure. */
export function surfaceGapBody(gaps: SurfaceGap[]): ReportBody {
  const widest = [...gaps]
    .filter((g) => g.prompts > 0)
    .sort((a, b) => Math.abs(b.visibility.value) - Math.abs(a.visibility.value))[0];
  const none =
    gaps.length === 0
      ? [
          "No assistant was measured on two surfaces in this period. Enable an assistant's app or search surface next to its API in the workspace's model settings (for example OpenAI's API and the ChatGPT app) to measure the gap.",
        ]
      : [];
  return {
    summary: [
      { label: "Pairs measured", value: String(gaps.length) },
      ...(widest
        ? [
            {
              label: "Widest visibility difference",
              value: `${pairName(widest)}: ${signed(widest.visibility)}`,
            },
          ]
        : []),
    ],
    sections: [
      {
        id: "pairs",
        title: "Engine pairs",
        description: `Each pair on the prompts both engines answered on the same day (brand-research prompts left out). Differences are the second engine minus the first, in percentage points; every figure is a rate of the period's long run, with a 95% interval over prompts and days (each engine's state changes from day to day), paired for the differences; significant when it leaves out zero on at least ${MIN_PAIRED_PROMPTS} paired prompts. Empty share-of-voice cells: that engine's answers named no tracked entity. Domain overlap compares the domains each engine cited in all its answers of the days both answered.`,
        table: { columns: pairColumns, rows: gaps.map(pairRow) },
        notes: [
          ...none,
          ...gaps
            .filter((g) => g.unpairedAnswers.first + g.unpairedAnswers.second > 0)
            .map(
              (g) =>
                `${pairName(g)}: ${g.unpairedAnswers.first} answers of ${g.first.engine} and ${g.unpairedAnswers.second} of ${g.second.engine} were left out (the other engine did not answer that prompt that day).`,
            ),
        ],
      },
      {
        id: "domains",
        title: "Cited domains per pair",
        description: `The ${TOP_SOURCES_DEFAULT} domains each pair's engines cited most (answers citing each) on the days both answered, every answer of those days counted.`,
        table: {
          columns: [
            { key: "pair", label: "Pair", type: "text" },
            { key: "domain", label: "Domain", type: "text" },
            { key: "first", label: "Citing answers, first", type: "integer" },
            { key: "second", label: "Citing answers, second", type: "integer" },
            { key: "citedBy", label: "Cited by", type: "text" },
          ],
          rows: gaps.flatMap((g) =>
            g.domains.top.map((d) => ({
              pair: pairName(g),
              domain: d.domain,
              first: d.first,
              second: d.second,
              citedBy:
                d.first > 0 && d.second > 0
                  ? "both"
                  : `${d.first > 0 ? g.first.engine : g.second.engine} only`,
            })),
          ),
        },
      },
    ],
  };
}
