import PDFDocument from "pdfkit";
import type { ReportDocument, ReportFigure, ReportSection } from "../report-document.js";
import { chartCaptionText } from "./chart-geometry.js";
import { parameterPairs, reportTypeLabel, triggerLabel } from "./format-cell.js";
import { chartHeight, drawChart } from "./pdf-chart.js";
import { drawTable, type Frame } from "./pdf-table.js";
import { pdfText } from "./pdf-text.js";

/**
 * A report as PDF, drawn with pdfkit (pure JavaScript: no browser on the server): A4, the
 * header and summary first, then the sections (a title kept with its chart or first rows), charts as vectors from the same
 * layout as the HTML's SVG, tables that paginate with their header repeated, page numbers.
 * Helvetica (WinAnsi) with a fallback for what it cannot draw (pdf-text.ts). Deterministic:
 * the same document gives the same bytes. See docs/reports.md, Rendering.
 */
type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = { top: 48, bottom: 54, left: 42, right: 42 };
const INK = "#1d232b";
const MUTED = "#5b6470";
const ACCENT = "#0a5f9e";

function frameOf(doc: Doc): Frame {
  return {
    left: MARGIN.left,
    width: doc.page.width - MARGIN.left - MARGIN.right,
    top: MARGIN.top,
    bottom: doc.page.height - MARGIN.bottom,
  };
}

/** Room for `height` more points below doc.y, or a new page. */
function ensure(doc: Doc, height: number): void {
  if (doc.y + height > frameOf(doc).bottom) doc.addPage();
}

function figures(doc: Doc, items: ReportFigure[]): void {
  if (items.length === 0) return;
  const f = frameOf(doc);
  const perRow = 3;
  const gap = 10;
  const w = (f.width - gap * (perRow - 1)) / perRow;
  for (let start = 0; start < items.length; start += perRow) {
    const row = items.slice(start, start + perRow);
    const heights = row.map((item) => {
      doc.font("Helvetica").fontSize(8);
      let h = doc.heightOfString(pdfText(item.label), { width: w - 20 });
      doc.font("Helvetica-Bold").fontSize(16);
      h += doc.heightOfString(pdfText(item.value), { width: w - 20 });
      if (item.detail) {
        doc.font("Helvetica").fontSize(8);
        h += doc.heightOfString(pdfText(item.detail), { width: w - 20 }) + 2;
      }
      return h + 16;
    });
    const h = Math.max(...heights);
    ensure(doc, h + gap);
    const y = doc.y;
    row.forEach((item, i) => {
      const x = f.left + i * (w + gap);
      doc.rect(x, y, w, h).fillColor("#f4f6f8").fill();
      doc.rect(x, y, 3, h).fillColor(ACCENT).fill();
      doc.font("Helvetica").fontSize(8).fillColor(MUTED);
      doc.text(pdfText(item.label), x + 12, y + 8, { width: w - 20 });
      doc.font("Helvetica-Bold").fontSize(16).fillColor(INK);
      doc.text(pdfText(item.value), { width: w - 20 });
      if (item.detail) {
        doc.font("Helvetica").fontSize(8).fillColor(MUTED);
        doc.text(pdfText(item.detail), { width: w - 20 });
      }
    });
    doc.y = y + h + gap;
  }
  doc.x = f.left;
}

function header(doc: Doc, report: ReportDocument): void {
  const f = frameOf(doc);
  doc.font("Helvetica").fontSize(8).fillColor(MUTED);
  doc.text(pdfText(`GEO PULSE · ${reportTypeLabel(report.type).toUpperCase()}`), f.left, f.top, {
    width: f.width,
    characterSpacing: 0.6,
  });
  doc.moveDown(0.3);
  doc
    .font("Helvetica-Bold")
    .fontSize(20)
    .fillColor(INK)
    .text(pdfText(report.title), { width: f.width });
  doc.moveDown(0.2);
  doc.font("Helvetica").fontSize(12).text(pdfText(report.workspace.brand), { width: f.width });
  doc.moveDown(0.6);
  const facts: Array<[string, string]> = [
    ["Period", `${report.period.from} to ${report.period.to}`],
    ["Generated", `${report.generatedAt} (${triggerLabel(report.trigger)})`],
    ["Workspace", report.workspace.slug],
    ...parameterPairs(report.parameters),
  ];
  doc.fontSize(9);
  for (const [key, value] of facts) {
    const y = doc.y;
    doc.fillColor(MUTED).text(pdfText(key), f.left, y, { width: 90, lineGap: 1.5 });
    const after = doc.y;
    doc.fillColor(INK).text(pdfText(value), f.left + 96, y, { width: f.width - 96, lineGap: 1.5 });
    doc.y = Math.max(after, doc.y);
  }
  doc.moveDown(0.6);
  doc
    .moveTo(f.left, doc.y)
    .lineTo(f.left + f.width, doc.y)
    .lineWidth(2)
    .strokeColor(INK)
    .stroke();
  doc.y += 14;
  doc.x = f.left;
}

function section(doc: Doc, s: ReportSection): void {
  const f = frameOf(doc);
  // Sections flow; a section's title stays with its first block (its chart, or a few rows).
  const first = s.chart ? chartHeight(s.chart, f.width) + 24 : s.table ? 70 : 40;
  if (doc.y > f.top) doc.y += 16;
  ensure(doc, 50 + first);
  doc.x = f.left;
  // The reader's bookmarks list the sections, each opening the page it starts on.
  doc.outline.addItem(pdfText(s.title));
  doc.font("Helvetica-Bold").fontSize(15).fillColor(INK).text(pdfText(s.title), { width: f.width });
  doc.moveDown(0.3);
  if (s.description) {
    doc
      .font("Helvetica")
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(pdfText(s.description), { width: f.width });
    doc.moveDown(0.6);
  }
  if (s.figures) figures(doc, s.figures);
  if (s.chart) {
    const h = chartHeight(s.chart, f.width);
    ensure(doc, h + 24);
    const y = doc.y;
    drawChart(doc, s.chart, f.left, y, f.width);
    doc.font("Helvetica").fontSize(8).fillColor(MUTED);
    doc.text(pdfText(chartCaptionText(s.chart)), f.left, y + h + 4, { width: f.width });
    doc.moveDown(1);
  }
  if (s.table) {
    if (s.table.rows.length === 0) {
      doc.font("Helvetica-Oblique").fontSize(9).fillColor(MUTED).text("No rows.", f.left, doc.y);
    } else {
      doc.font("Helvetica").fontSize(8).fillColor(MUTED);
      doc.text(
        `${s.table.rows.length} ${s.table.rows.length === 1 ? "row" : "rows"}`,
        f.left,
        doc.y,
      );
      doc.moveDown(0.3);
      doc.y = drawTable(doc, s.table, f, doc.y) + 10;
    }
    doc.x = f.left;
  }
  if (s.notes && s.notes.length > 0) {
    doc.font("Helvetica").fontSize(8.5).fillColor(MUTED);
    for (const note of s.notes) {
      ensure(doc, 12);
      doc.text(`•  ${pdfText(note)}`, f.left, doc.y, { width: f.width });
    }
  }
}

/** "Title · brand" and "Page n of N" under every page, once the page count is known. */
function footers(doc: Doc, report: ReportDocument): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const f = frameOf(doc);
    const y = doc.page.height - MARGIN.bottom + 18;
    // Writing below the bottom margin would start a new page: lift the margin for the footer.
    doc.page.margins.bottom = 0;
    doc.font("Helvetica").fontSize(7.5).fillColor(MUTED);
    doc.text(
      pdfText(
        `${report.title} · ${report.workspace.brand} · ${report.period.from} to ${report.period.to}`,
      ),
      f.left,
      y,
      {
        width: f.width - 80,
        lineBreak: false,
        ellipsis: true,
        height: 10,
      },
    );
    doc.text(`Page ${i + 1 - range.start} of ${range.count}`, f.left + f.width - 80, y, {
      width: 80,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = MARGIN.bottom;
  }
}

export function renderReportPdf(report: ReportDocument): Promise<Buffer> {
  const created = new Date(report.generatedAt);
  const doc = new PDFDocument({
    size: "A4",
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    lang: "en",
    displayTitle: true,
    info: {
      Title: pdfText(report.title),
      Author: "GEO Pulse",
      Subject: pdfText(`${reportTypeLabel(report.type)} for ${report.workspace.brand}`),
      Creator: "GEO Pulse",
      Producer: "GEO Pulse (pdfkit)",
      ...(Number.isNaN(created.getTime()) ? {} : { CreationDate: created, ModDate: created }),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  header(doc, report);
  figures(doc, report.summary);
  for (const s of report.sections) section(doc, s);
  footers(doc, report);
  doc.end();
  return done;
}
