import type PDFDocument from "pdfkit";
import type { ReportChart } from "../report-document.js";
import {
  type ChartGeometry,
  FONT_SIZE,
  type Hatch,
  layoutChart,
  truncate,
} from "./chart-geometry.js";
import { pdfText } from "./pdf-text.js";

/**
 * A chart drawn with pdfkit's vector API from the same layout as the SVG (chart-geometry.ts):
 * the d3-shape paths go to `doc.path` as they are, scaled from the layout's units to the
 * page's width. Returns the height it took, in points.
 */
type Doc = InstanceType<typeof PDFDocument>;

const FONT = "Helvetica";

/** pdfkit takes a dash pattern as an array (`[9, 3, 2, 3]`); its typings know only one length. */
function dash(doc: Doc, pattern: number[]): void {
  if (pattern.length > 0) (doc.dash as unknown as (p: number[]) => Doc).call(doc, pattern);
}

function hatch(doc: Doc, kind: Hatch, x: number, y: number, w: number, h: number): void {
  if (kind === "none" || w <= 0 || h <= 0) return;
  doc.save();
  doc.rect(x, y, w, h).clip();
  doc.lineWidth(1.4).strokeColor("#ffffff").strokeOpacity(0.85);
  const step = 6;
  if (kind === "horizontal" || kind === "cross") {
    for (let yy = y + 3; yy < y + h; yy += step) doc.moveTo(x, yy).lineTo(x + w, yy);
  }
  if (kind === "vertical" || kind === "cross") {
    for (let xx = x + 3; xx < x + w; xx += step) doc.moveTo(xx, y).lineTo(xx, y + h);
  }
  if (kind === "diagonal" || kind === "back") {
    for (let k = -h; k < w + h; k += step) {
      if (kind === "diagonal") doc.moveTo(x + k, y + h).lineTo(x + k + h, y);
      else doc.moveTo(x + k, y).lineTo(x + k + h, y + h);
    }
  }
  doc.stroke();
  doc.restore();
}

function label(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  align: "left" | "right" | "center",
  width = 200,
): void {
  const left = align === "right" ? x - width : align === "center" ? x - width / 2 : x;
  doc.text(pdfText(text), left, y - FONT_SIZE * 0.42, { width, align, lineBreak: false });
}

function drawAxes(doc: Doc, g: ChartGeometry): void {
  const { left, right, top, bottom } = g.plot;
  doc.font(FONT).fontSize(FONT_SIZE).fillColor("#444444");
  for (const tick of g.yTicks) {
    doc.moveTo(left, tick.y).lineTo(right, tick.y).lineWidth(1).strokeColor("#dddddd").stroke();
    label(doc, tick.label, left - 6, tick.y, "right", left - 6);
  }
  doc.moveTo(left, top).lineTo(left, bottom).strokeColor("#888888").stroke();
  doc.moveTo(left, g.zeroY).lineTo(right, g.zeroY).stroke();
  for (const tick of g.xTicks) {
    doc
      .moveTo(tick.x, bottom)
      .lineTo(tick.x, bottom + 4)
      .stroke();
    if (g.rotateX) {
      doc.save();
      doc.rotate(-40, { origin: [tick.x, bottom + 10] });
      label(doc, tick.label, tick.x, bottom + 10, "right", 140);
      doc.restore();
    } else {
      label(doc, tick.label, tick.x, bottom + 14, "center", 120);
    }
  }
}

function drawSeries(doc: Doc, g: ChartGeometry): void {
  for (const s of g.series) {
    if (s.band) doc.path(s.band).fillColor(s.color).fillOpacity(0.14).fill().fillOpacity(1);
  }
  for (const s of g.series) {
    if (s.line) {
      doc.lineWidth(2).strokeColor(s.color).lineJoin("round");
      dash(doc, s.dash);
      doc.path(s.line).stroke().undash();
      doc.lineWidth(1.5).strokeColor(s.color);
      for (const w of s.whiskers) {
        doc.moveTo(w.x, w.y1).lineTo(w.x, w.y2);
        doc.moveTo(w.x - 4, w.y1).lineTo(w.x + 4, w.y1);
        doc
          .moveTo(w.x - 4, w.y2)
          .lineTo(w.x + 4, w.y2)
          .stroke();
      }
      for (const m of s.markers) {
        doc.save().translate(m.x, m.y);
        doc.path(s.marker).lineWidth(1).fillAndStroke(s.color, "#ffffff");
        doc.restore();
      }
    }
    for (const bar of s.bars) {
      doc.rect(bar.x, bar.y, bar.width, bar.height).fillColor(s.color).fill();
      hatch(doc, s.hatch, bar.x, bar.y, bar.width, bar.height);
    }
  }
}

function drawLegend(doc: Doc, g: ChartGeometry, kind: ReportChart["kind"]): void {
  doc.font(FONT).fontSize(FONT_SIZE);
  for (const item of g.legend) {
    const s = g.series[item.index];
    if (!s) continue;
    if (kind === "line") {
      doc.lineWidth(2).strokeColor(s.color);
      dash(doc, s.dash);
      doc
        .moveTo(item.x, item.y)
        .lineTo(item.x + 34, item.y)
        .stroke()
        .undash();
      doc.save().translate(item.x + 17, item.y);
      doc.path(s.marker).lineWidth(1).fillAndStroke(s.color, "#ffffff");
      doc.restore();
    } else {
      doc
        .rect(item.x + 8, item.y - 6, 20, 12)
        .fillColor(s.color)
        .fill();
      hatch(doc, s.hatch, item.x + 8, item.y - 6, 20, 12);
    }
    doc.fillColor("#222222");
    label(doc, truncate(s.name, 40), item.x + 40, item.y, "left", 300);
  }
}

export function drawChart(
  doc: Doc,
  chart: ReportChart,
  x: number,
  y: number,
  width: number,
): number {
  const g = layoutChart(chart);
  const scale = width / g.width;
  doc.save();
  doc.translate(x, y).scale(scale);
  drawAxes(doc, g);
  drawSeries(doc, g);
  if (g.empty) {
    doc.fillColor("#5b6470");
    label(
      doc,
      "No data",
      (g.plot.left + g.plot.right) / 2,
      (g.plot.top + g.plot.bottom) / 2,
      "center",
    );
  }
  drawLegend(doc, g, chart.kind);
  doc.restore();
  return g.height * scale;
}

export const chartHeight = (chart: ReportChart, width: number): number => {
  const g = layoutChart(chart);
  return (g.height * width) / g.width;
};
