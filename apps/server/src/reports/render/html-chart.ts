import escapeHtml from "escape-html";
import type { ReportChart } from "../report-document.js";
import {
  type ChartGeometry,
  FONT_SIZE,
  type Hatch,
  layoutChart,
  truncate,
} from "./chart-geometry.js";

/**
 * One chart as inline SVG: axes with ticks and a grid, the series (lines with their interval
 * bands and markers, or grouped bars with hatching), a legend, and a `<title>`/`<desc>` that
 * name it for assistive technology. No style attributes (the page's CSP allows only its one
 * stylesheet): presentation attributes only. Every text from the document is escaped.
 */
const e = (text: string): string => escapeHtml(text);
const n = (value: number): string => String(Math.round(value * 100) / 100);

const HATCH_PATHS: Record<Exclude<Hatch, "none">, string> = {
  diagonal: "M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2",
  back: "M-1,5 l2,2 M0,0 l6,6 M5,-1 l2,2",
  horizontal: "M0,3 h6",
  vertical: "M3,0 v6",
  cross: "M0,3 h6 M3,0 v6",
};

function hatchDefs(id: string, hatches: Hatch[]): string {
  const used = [...new Set(hatches)].filter((h): h is Exclude<Hatch, "none"> => h !== "none");
  if (used.length === 0) return "";
  const patterns = used.map(
    (h) =>
      `<pattern id="${id}-${h}" patternUnits="userSpaceOnUse" width="6" height="6"><path d="${HATCH_PATHS[h]}" stroke="#ffffff" stroke-width="1.4" stroke-opacity="0.85"/></pattern>`,
  );
  return `<defs>${patterns.join("")}</defs>`;
}

function describe(chart: ReportChart, g: ChartGeometry): string {
  const kind = chart.kind === "line" ? "Line chart" : "Bar chart";
  const unit = chart.unit === "percent" ? "percent" : "values";
  const names = chart.series.map((s) => s.name).join(", ");
  const first = chart.x[0];
  const last = chart.x[chart.x.length - 1];
  const range = first !== undefined && last !== undefined ? ` over ${first} to ${last}` : "";
  const bands = g.hasBands ? "; shaded bands are 95% intervals" : "";
  return `${kind} in ${unit}${range}: ${names || "no series"}${bands}${g.empty ? "; no data" : ""}.`;
}

export function renderChartSvg(chart: ReportChart, id: string): string {
  const g = layoutChart(chart);
  const { left, right, top, bottom } = g.plot;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${g.width} ${n(g.height)}" width="${g.width}" height="${n(g.height)}" role="img" aria-labelledby="${id}-title ${id}-desc" font-family="Helvetica, Arial, sans-serif" font-size="${FONT_SIZE}">`,
    `<title id="${id}-title">${e(chart.title)}</title>`,
    `<desc id="${id}-desc">${e(describe(chart, g))}</desc>`,
    hatchDefs(
      id,
      g.series.map((s) => s.hatch),
    ),
  );
  // Grid and y axis.
  parts.push(`<g class="axis y" fill="#444444">`);
  for (const tick of g.yTicks) {
    parts.push(
      `<line x1="${n(left)}" x2="${n(right)}" y1="${n(tick.y)}" y2="${n(tick.y)}" stroke="#dddddd" stroke-width="1"/>`,
      `<text x="${n(left - 6)}" y="${n(tick.y)}" text-anchor="end" dominant-baseline="middle">${e(tick.label)}</text>`,
    );
  }
  parts.push(
    `<line x1="${n(left)}" x2="${n(left)}" y1="${n(top)}" y2="${n(bottom)}" stroke="#888888"/>`,
    "</g>",
  );
  // X axis.
  parts.push(
    `<g class="axis x" fill="#444444"><line x1="${n(left)}" x2="${n(right)}" y1="${n(g.zeroY)}" y2="${n(g.zeroY)}" stroke="#888888"/>`,
  );
  for (const tick of g.xTicks) {
    const ty = bottom + 14;
    const label = g.rotateX
      ? `<text x="${n(tick.x)}" y="${n(ty - 4)}" text-anchor="end" transform="rotate(-40 ${n(tick.x)} ${n(ty - 4)})">`
      : `<text x="${n(tick.x)}" y="${n(ty)}" text-anchor="middle">`;
    parts.push(
      `<line x1="${n(tick.x)}" x2="${n(tick.x)}" y1="${n(bottom)}" y2="${n(bottom + 4)}" stroke="#888888"/>`,
      `${label}<title>${e(tick.full)}</title>${e(tick.label)}</text>`,
    );
  }
  parts.push("</g>");
  // Bands under the lines, then lines, then markers; or bars.
  for (const s of g.series) {
    if (s.band) {
      parts.push(`<path class="band" d="${s.band}" fill="${s.color}" fill-opacity="0.14"/>`);
    }
  }
  g.series.forEach((s, si) => {
    const dash = s.dash.length > 0 ? ` stroke-dasharray="${s.dash.join(" ")}"` : "";
    parts.push(`<g class="series" data-series="${si}"><title>${e(s.name)}</title>`);
    if (s.line) {
      parts.push(
        `<path class="line" d="${s.line}" fill="none" stroke="${s.color}" stroke-width="2"${dash} stroke-linejoin="round"/>`,
      );
      for (const w of s.whiskers) {
        parts.push(
          `<path class="whisker" d="M${n(w.x)},${n(w.y1)}V${n(w.y2)}M${n(w.x - 4)},${n(w.y1)}h8M${n(w.x - 4)},${n(w.y2)}h8" stroke="${s.color}" stroke-width="1.5" fill="none"/>`,
        );
      }
      for (const m of s.markers) {
        parts.push(
          `<path d="${s.marker}" transform="translate(${n(m.x)} ${n(m.y)})" fill="${s.color}" stroke="#ffffff" stroke-width="1"/>`,
        );
      }
    }
    for (const bar of s.bars) {
      const rect = `x="${n(bar.x)}" y="${n(bar.y)}" width="${n(bar.width)}" height="${n(bar.height)}"`;
      parts.push(
        `<rect class="bar" ${rect} fill="${s.color}"><title>${e(`${s.name}, ${bar.label}`)}</title></rect>`,
      );
      if (s.hatch !== "none") {
        parts.push(`<rect ${rect} fill="url(#${id}-${s.hatch})" pointer-events="none"/>`);
      }
    }
    parts.push("</g>");
  });
  if (g.empty) {
    parts.push(
      `<text x="${n((left + right) / 2)}" y="${n((top + bottom) / 2)}" text-anchor="middle" fill="#5b6470">No data</text>`,
    );
  }
  // Legend: a sample of each series' stroke or fill, then its name.
  parts.push(`<g class="legend" fill="#222222">`);
  for (const item of g.legend) {
    const s = g.series[item.index];
    if (!s) continue;
    const y = item.y;
    if (chart.kind === "line") {
      const dash = s.dash.length > 0 ? ` stroke-dasharray="${s.dash.join(" ")}"` : "";
      parts.push(
        `<line x1="${n(item.x)}" x2="${n(item.x + 34)}" y1="${n(y)}" y2="${n(y)}" stroke="${s.color}" stroke-width="2"${dash}/>`,
        `<path d="${s.marker}" transform="translate(${n(item.x + 17)} ${n(y)})" fill="${s.color}" stroke="#ffffff"/>`,
      );
    } else {
      const rect = `x="${n(item.x + 8)}" y="${n(y - 6)}" width="20" height="12"`;
      parts.push(`<rect ${rect} fill="${s.color}"/>`);
      if (s.hatch !== "none") parts.push(`<rect ${rect} fill="url(#${id}-${s.hatch})"/>`);
    }
    parts.push(
      `<text x="${n(item.x + 40)}" y="${n(y)}" dominant-baseline="middle">${e(truncate(s.name, 40))}</text>`,
    );
  }
  parts.push("</g></svg>");
  return parts.join("");
}
