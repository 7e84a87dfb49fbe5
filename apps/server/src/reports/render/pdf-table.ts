import type PDFDocument from "pdfkit";
import type { ReportColumn, ReportTable } from "../report-document.js";
import { formatCell, isNumericColumn, safeHref } from "./format-cell.js";
import { pdfText } from "./pdf-text.js";

/**
 * A table that paginates: rows wrap their text, a row that does not fit goes to the next page
 * and the header is drawn again at the top of every page the table spans.
 */
type Doc = InstanceType<typeof PDFDocument>;

const SIZE = 7.5;
const PAD = 3;
/** A cell's text is cut after this many characters (a row must fit on a page). */
const MAX_CELL_CHARS = 700;

export interface Frame {
  left: number;
  width: number;
  top: number;
  bottom: number;
}

const cellText = (column: ReportColumn, row: ReportTable["rows"][number]): string => {
  const text = pdfText(formatCell(row[column.key], column.type));
  return text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS - 1)}…` : text;
};

/** Numbers and dates get their natural width; text and URLs share what is left. */
function columnWidths(doc: Doc, table: ReportTable, measured: number[][], width: number): number[] {
  doc.font("Helvetica-Bold").fontSize(SIZE);
  const header = table.columns.map((c) => doc.widthOfString(pdfText(c.label)) + 2 * PAD + 1);
  const natural = table.columns.map((_, ci) => {
    let widest = header[ci] ?? 0;
    for (const row of measured) widest = Math.max(widest, (row[ci] ?? 0) + 2 * PAD + 1);
    return widest;
  });
  const flexible = table.columns.map((c) => c.type === "text" || c.type === "url");
  const fixed = natural.map((w, i) => (flexible[i] ? 0 : Math.min(w, 110)));
  const fixedTotal = fixed.reduce((a, b) => a + b, 0);
  const flexNatural = natural.map((w, i) => (flexible[i] ? Math.min(w, width) : 0));
  const flexTotal = flexNatural.reduce((a, b) => a + b, 0);
  const room = width - fixedTotal;
  if (flexTotal > 0 && room > flexible.filter(Boolean).length * 40) {
    // Text columns share the room, each by its natural width, none wider than it needs.
    const scale = Math.min(1, room / flexTotal);
    const widths = natural.map((_, i) =>
      flexible[i] ? (flexNatural[i] ?? 0) * scale : (fixed[i] ?? 0),
    );
    const spare = width - widths.reduce((a, b) => a + b, 0);
    const lastFlex = flexible.lastIndexOf(true);
    if (spare > 0 && lastFlex >= 0) widths[lastFlex] = (widths[lastFlex] ?? 0) + spare;
    return widths;
  }
  // Too many columns: everything shrinks in proportion, and wraps.
  const total = natural.reduce((a, b) => a + Math.min(b, 160), 0);
  return natural.map((w) => (Math.min(w, 160) / total) * width);
}

export function drawTable(doc: Doc, table: ReportTable, frame: Frame, startY: number): number {
  const texts = table.rows.map((row) => table.columns.map((c) => cellText(c, row)));
  doc.font("Helvetica").fontSize(SIZE);
  const measured = texts.map((cells) => cells.map((text) => doc.widthOfString(text)));
  const widths = columnWidths(doc, table, measured, frame.width);
  const xs = widths.map((_, i) => frame.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const align = (c: ReportColumn) => (isNumericColumn(c.type) ? "right" : "left");
  const oneLine = doc.heightOfString("X");
  // Most cells (numbers, dates, short text) fit on one line: laid out without pdfkit's wrapper.
  const fits = (ri: number, ci: number): boolean =>
    (measured[ri]?.[ci] ?? 0) + 2 * PAD + 0.5 <= (widths[ci] ?? 0) &&
    !(texts[ri]?.[ci] ?? "").includes("\n");

  const rowHeight = (cells: string[], font: string, ri?: number): number => {
    doc.font(font).fontSize(SIZE);
    return (
      Math.max(
        ...cells.map((text, i) =>
          ri !== undefined && fits(ri, i)
            ? oneLine
            : doc.heightOfString(text || " ", { width: (widths[i] ?? 0) - 2 * PAD }),
        ),
      ) +
      2 * PAD
    );
  };

  const headerCells = table.columns.map((c) => pdfText(c.label));
  const headerHeight = rowHeight(headerCells, "Helvetica-Bold");
  const drawHeader = (y: number): number => {
    doc.rect(frame.left, y, frame.width, headerHeight).fillColor("#eef1f4").fill();
    doc.font("Helvetica-Bold").fontSize(SIZE).fillColor("#1d232b");
    table.columns.forEach((c, i) => {
      doc.text(headerCells[i] ?? "", (xs[i] ?? 0) + PAD, y + PAD, {
        width: (widths[i] ?? 0) - 2 * PAD,
        align: align(c),
      });
    });
    doc
      .moveTo(frame.left, y + headerHeight)
      .lineTo(frame.left + frame.width, y + headerHeight)
      .lineWidth(1)
      .strokeColor("#aab2bc")
      .stroke();
    return y + headerHeight;
  };

  let y = startY;
  if (y + headerHeight + 20 > frame.bottom) {
    doc.addPage();
    y = frame.top;
  }
  y = drawHeader(y);
  texts.forEach((cells, ri) => {
    const h = rowHeight(cells, "Helvetica", ri);
    if (y + h > frame.bottom) {
      doc.addPage();
      y = drawHeader(frame.top);
    }
    if (ri % 2 === 1) doc.rect(frame.left, y, frame.width, h).fillColor("#f7f8fa").fill();
    doc.font("Helvetica").fontSize(SIZE);
    table.columns.forEach((c, ci) => {
      const href = c.type === "url" ? safeHref(table.rows[ri]?.[c.key]) : null;
      doc.fillColor(href ? "#0a5f9e" : "#1d232b");
      const link = href ? { link: href } : {};
      const x = (xs[ci] ?? 0) + PAD;
      if (fits(ri, ci)) {
        const shift =
          align(c) === "right" ? (widths[ci] ?? 0) - 2 * PAD - (measured[ri]?.[ci] ?? 0) : 0;
        doc.text(cells[ci] ?? "", x + shift, y + PAD, { lineBreak: false, ...link });
      } else {
        doc.text(cells[ci] ?? "", x, y + PAD, {
          width: (widths[ci] ?? 0) - 2 * PAD,
          align: align(c),
          ...link,
        });
      }
    });
    doc
      .moveTo(frame.left, y + h)
      .lineTo(frame.left + frame.width, y + h)
      .lineWidth(0.5)
      .strokeColor("#d9dee4")
      .stroke();
    y += h;
  });
  return y;
}
