import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import {
  area,
  line,
  symbol,
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
} from "d3-shape";
import type { ReportChart } from "../report-document.js";
import { formatNumber } from "./format-cell.js";

/**
 * A chart laid out once, in abstract units (the SVG's viewBox; the PDF scales it to the page):
 * d3-scale places the points and ticks, d3-shape writes the paths as SVG path data, which both
 * the SVG and pdfkit (`doc.path`) draw. Each series has a colour (Okabe-Ito, readable by
 * colour-blind readers) and, so that it reads in black and white too, a dash pattern and a
 * marker shape (line charts) or a hatching (bar charts).
 */
export const CHART_WIDTH = 720;
const PLOT_HEIGHT = 240;
export const FONT_SIZE = 11;
/** Average advance of a character at FONT_SIZE in a sans-serif face, for layout. */
const CHAR_WIDTH = 6.2;
const MAX_LABEL_CHARS = 18;
const LEGEND_SAMPLE = 34;
const LEGEND_ROW = 18;

const COLORS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"];
const DASHES: number[][] = [[], [7, 3], [2, 2], [9, 3, 2, 3], [4, 4], [12, 4], [1, 3]];
const SYMBOLS = [
  symbolCircle,
  symbolSquare,
  symbolTriangle,
  symbolDiamond,
  symbolCross,
  symbolStar,
  symbolWye,
];
export type Hatch = "none" | "diagonal" | "horizontal" | "cross" | "vertical" | "back";
const HATCHES: Hatch[] = ["none", "diagonal", "horizontal", "cross", "vertical", "back"];

export interface PlacedSeries {
  name: string;
  color: string;
  dash: number[];
  hatch: Hatch;
  /** The marker, centred on 0,0. */
  marker: string;
  /** Line charts: the line and, when the series has intervals, the band. */
  line?: string;
  band?: string;
  markers: Array<{ x: number; y: number }>;
  /** The interval of a point drawn alone (no neighbour to make a band with). */
  whiskers: Array<{ x: number; y1: number; y2: number }>;
  /** Bar charts: one rectangle per category with a value. */
  bars: Array<{ x: number; y: number; width: number; height: number; label: string }>;
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  yTicks: Array<{ y: number; label: string }>;
  xTicks: Array<{ x: number; label: string; full: string }>;
  /** X labels turned -40° when they do not fit side by side. */
  rotateX: boolean;
  /** The y of the value 0 (the bars' base). */
  zeroY: number;
  series: PlacedSeries[];
  legend: Array<{ x: number; y: number; index: number }>;
  hasBands: boolean;
  /** No value to draw: the plot says so. */
  empty: boolean;
}

export const truncate = (text: string, max: number): string =>
  [...text].length > max ? `${[...text].slice(0, max - 1).join("")}…` : text;

const textWidth = (text: string): number => [...text].length * CHAR_WIDTH;

export function formatTick(value: number, unit: ReportChart["unit"]): string {
  return unit === "percent" ? `${formatNumber(value)}%` : formatNumber(value);
}

const finite = (value: number | null | undefined): value is number =>
  typeof value === "number" && Number.isFinite(value);

export function layoutChart(chart: ReportChart): ChartGeometry {
  const n = chart.x.length;
  const values = chart.series.flatMap((s) => [...s.values, ...(s.low ?? []), ...(s.high ?? [])]);
  const known = values.filter(finite);
  const lowest = Math.min(0, ...known);
  const highest = known.length > 0 ? Math.max(...known) : chart.unit === "percent" ? 100 : 1;
  const y = scaleLinear()
    .domain([lowest, highest > lowest ? highest : lowest + 1])
    .nice(5);
  const yTickValues = y.ticks(5);
  const yLabels = yTickValues.map((t) => formatTick(t, chart.unit));

  // The legend above the plot, wrapped into rows.
  const legend: ChartGeometry["legend"] = [];
  let lx = 0;
  let row = 0;
  // One series of bars needs no legend: the chart's title names it.
  const legendSeries = chart.kind === "bar" && chart.series.length === 1 ? [] : chart.series;
  legendSeries.forEach((s, index) => {
    const w = LEGEND_SAMPLE + 6 + textWidth(truncate(s.name, 40)) + 18;
    if (lx > 0 && lx + w > CHART_WIDTH) {
      lx = 0;
      row += 1;
    }
    legend.push({ x: lx, y: row * LEGEND_ROW + 10, index });
    lx += w;
  });
  const legendHeight = legendSeries.length > 0 ? (row + 1) * LEGEND_ROW + 6 : 0;

  const xFull = chart.x;
  const xShort = xFull.map((label) => truncate(label, MAX_LABEL_CHARS));
  const longest = Math.max(0, ...xShort.map(textWidth));
  const yAxisWidth = Math.max(...yLabels.map(textWidth), 12) + 14;
  const top = legendHeight + 10;
  // Room for the x labels at the ends: centred under a line chart's last point, or turned
  // labels hanging left of a bar chart's first category.
  const guess = (CHART_WIDTH - yAxisWidth) / Math.max(n, 1);
  const turned = chart.kind === "bar" && longest + 6 > guess;
  const left = turned
    ? Math.max(yAxisWidth, longest * Math.cos((40 * Math.PI) / 180) - guess / 2 + 6)
    : yAxisWidth;
  const right = CHART_WIDTH - (chart.kind === "line" ? Math.max(12, longest / 2 - 6) : 12);
  const plotWidth = right - left;
  const slot = n > 0 ? plotWidth / n : plotWidth;
  // Line charts (time series) thin their labels; bar charts turn them when they collide.
  const rotateX = turned;
  const step =
    chart.kind === "line" ? Math.max(1, Math.ceil((longest + 14) / Math.max(slot, 1))) : 1;
  const xLabelHeight = rotateX ? longest * Math.sin((40 * Math.PI) / 180) + 18 : 20;
  const bottom = top + PLOT_HEIGHT;
  const height = bottom + xLabelHeight + 4;
  y.range([bottom, top]);
  const zeroY = y(Math.max(lowest, 0));

  const yTicks = yTickValues.map((t, i) => ({ y: y(t), label: yLabels[i] ?? "" }));
  const indices = xFull.map((_, i) => i);

  let xOf: (i: number) => number;
  let band = 0;
  if (chart.kind === "line") {
    const x = scalePoint<number>().domain(indices).range([left, right]).padding(0.3);
    xOf = (i) => x(i) ?? left;
  } else {
    const x = scaleBand<number>().domain(indices).range([left, right]).paddingInner(0.25);
    x.paddingOuter(0.15);
    band = x.bandwidth();
    xOf = (i) => x(i) ?? left;
  }
  const xTicks = indices
    .filter((i) => (n - 1 - i) % step === 0)
    .map((i) => ({
      x: chart.kind === "line" ? xOf(i) : xOf(i) + band / 2,
      label: xShort[i] ?? "",
      full: xFull[i] ?? "",
    }));

  const inner = scaleBand<number>()
    .domain(chart.series.map((_, i) => i))
    .range([0, band])
    .paddingInner(0.08);
  const markEvery = n <= 12 ? 1 : Math.ceil(n / 8);

  const series = chart.series.map((s, si): PlacedSeries => {
    const style = {
      name: s.name,
      color: COLORS[si % COLORS.length] ?? "#000000",
      dash: DASHES[si % DASHES.length] ?? [],
      hatch: HATCHES[si % HATCHES.length] ?? "none",
      marker: symbol(SYMBOLS[si % SYMBOLS.length] ?? symbolCircle, 42)() ?? "",
    };
    if (chart.kind === "line") {
      const pathOf = line<number>()
        .defined((i) => finite(s.values[i]))
        .x(xOf)
        .y((i) => y(s.values[i] ?? 0));
      const bandOf = area<number>()
        .defined((i) => finite(s.low?.[i]) && finite(s.high?.[i]))
        .x(xOf)
        .y0((i) => y(s.low?.[i] ?? 0))
        .y1((i) => y(s.high?.[i] ?? 0));
      const hasBand =
        s.low !== undefined &&
        s.high !== undefined &&
        indices.some((i) => finite(s.low?.[i]) && finite(s.high?.[i]));
      // A point with no neighbour draws no line or band: it always gets its marker, and its
      // interval as a whisker.
      const isolated = (i: number) => !finite(s.values[i - 1]) && !finite(s.values[i + 1]);
      const markers = indices
        .filter((i) => finite(s.values[i]) && ((n - 1 - i) % markEvery === 0 || isolated(i)))
        .map((i) => ({ x: xOf(i), y: y(s.values[i] ?? 0) }));
      const whiskers = indices
        .filter(
          (i) => finite(s.values[i]) && isolated(i) && finite(s.low?.[i]) && finite(s.high?.[i]),
        )
        .map((i) => ({ x: xOf(i), y1: y(s.low?.[i] ?? 0), y2: y(s.high?.[i] ?? 0) }));
      return {
        ...style,
        line: pathOf(indices) ?? "",
        band: hasBand ? (bandOf(indices) ?? undefined) : undefined,
        markers,
        whiskers,
        bars: [],
      };
    }
    const bars = indices
      .filter((i) => finite(s.values[i]))
      .map((i) => {
        const value = s.values[i] ?? 0;
        const vy = y(value);
        return {
          x: xOf(i) + (inner(si) ?? 0),
          y: Math.min(vy, zeroY),
          width: inner.bandwidth(),
          height: Math.abs(zeroY - vy),
          label: `${xFull[i] ?? ""}: ${formatTick(value, chart.unit)}`,
        };
      });
    return { ...style, markers: [], whiskers: [], bars };
  });

  return {
    width: CHART_WIDTH,
    height,
    plot: { left, top, right, bottom },
    yTicks,
    xTicks,
    rotateX,
    zeroY,
    series,
    legend,
    hasBands: series.some((s) => s.band !== undefined),
    empty: known.length === 0,
  };
}

/** The caption under a chart, in both formats. */
export function chartCaptionText(chart: ReportChart): string {
  const banded = chart.series.some((s) =>
    s.values.some((_, i) => finite(s.low?.[i]) && finite(s.high?.[i])),
  );
  return banded ? `${chart.title}. Shaded bands: 95% intervals.` : chart.title;
}
