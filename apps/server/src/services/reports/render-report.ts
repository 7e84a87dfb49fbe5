import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Report } from "@geopulse/api-types";
import { stringify } from "csv-stringify";
import { errors } from "../../errors/app-error.js";
import { REPORT_CSP } from "../../reports/render/html-styles.js";
import { renderReportHtml } from "../../reports/render/render-report-html.js";
import { renderReportPdf } from "../../reports/render/render-report-pdf.js";
import type { ReportCell, ReportDocument } from "../../reports/report-document.js";
import { getReportCatalog } from "./report-catalog.js";

export type ReportFormat = "json" | "csv" | "html" | "pdf";

/** Each format's media type, in the order content negotiation prefers them. */
export const reportMediaTypes: Record<ReportFormat, string> = {
  json: "application/json",
  csv: "text/csv",
  html: "text/html",
  pdf: "application/pdf",
};

export interface RenderedReport {
  /** Content-Type and Content-Disposition. */
  headers: Record<string, string>;
  /** Writes the body to `out` and ends it (destroys it on failure). */
  write(out: Writable): Promise<void>;
  /** The JSON format's body as a value, so a handler can answer it as JSON (and it is validated). */
  json?: Report;
}

/**
 * A cell a spreadsheet would read as a formula gets a leading `'` (CSV formula injection):
 * OWASP's list, `=`, `+`, `-`, `@`, and a tab or carriage return (which spreadsheets skip
 * before reading a formula).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The one place a report becomes a file in a format: JSON (the report with its
 * document), CSV (one section's table, streamed), and the document as one HTML file or a PDF
 * (the pure renderers of `reports/render/`).
 * Anything that fails (an unknown section) fails before a byte is written.
 */
export function renderReport({
  report,
  format,
  section,
}: {
  report: Report;
  format: ReportFormat;
  section?: string | undefined;
}): RenderedReport {
  const { period } = report;
  const headers = (ext: string, type: string) => ({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${report.workspace}-${report.type}-${period.from}_${period.to}.${ext}"`,
  });
  switch (format) {
    case "json": {
      const body = JSON.stringify(report);
      return {
        headers: headers("json", "application/json; charset=utf-8"),
        write: (out) => pipeline(Readable.from([body]), out),
        json: report,
      };
    }
    case "csv":
      return renderCsv(report, section, headers("csv", "text/csv; charset=utf-8"));
    case "html": {
      const body = renderReportHtml(document(report));
      return {
        // The page's own policy, also as a header: a browser opening the file from this server
        // applies it even before it reads the meta tag.
        headers: {
          ...headers("html", "text/html; charset=utf-8"),
          // frame-ancestors works only as a header (a meta tag's is ignored), so it is added here.
          "Content-Security-Policy": `${REPORT_CSP}; frame-ancestors 'none'`,
        },
        write: (out) => pipeline(Readable.from([body]), out),
      };
    }
    case "pdf":
      return {
        headers: headers("pdf", "application/pdf"),
        write: async (out) =>
          pipeline(Readable.from([await renderReportPdf(document(report))]), out),
      };
  }
}

/** The stored document: generation builds exactly this shape (the contract's `ReportDocument`). */
const document = (report: Report) => report.document as unknown as ReportDocument;

function renderCsv(
  report: Report,
  sectionId: string | undefined,
  headers: Record<string, string>,
): RenderedReport {
  const id =
    sectionId ?? getReportCatalog().data.find((e) => e.type === report.type)?.defaultSection;
  const table = report.document.sections.find((s) => s.id === id)?.table;
  if (!table) throw errors.notFound(`A section with a table named "${id}" in this report`);
  const rows = table.rows as Array<Record<string, ReportCell>>;
  return {
    headers,
    write: async (out) => {
      // RFC 4180: CRLF record ends, fields quoted when they hold a comma, quote or line end.
      const csv = stringify({
        header: true,
        columns: table.columns.map((c) => ({ key: c.key, header: c.label })),
        record_delimiter: "windows",
        cast: {
          boolean: (value) => (value ? "true" : "false"),
          string: (value) => (FORMULA_START.test(value) ? `'${value}` : value),
        },
      });
      // Row by row, as the stream drains (a large prompt detail is never one string).
      await pipeline(
        Readable.from(
          (function* () {
            for (const row of rows) yield row;
          })(),
        ),
        csv,
        out,
      );
    },
  };
}
