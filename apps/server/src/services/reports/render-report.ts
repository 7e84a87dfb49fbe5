import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Report } from "@geopulse/api-types";
import { stringify } from "csv-stringify";
import { errors } from "../../errors/app-error.js";
import type { ReportCell } from "../../reports/report-document.js";
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

/** A cell a spreadsheet would read as a formula gets a leading `'` (CSV formula injection). */
const FORMULA_START = /^[=+\-@]/;

/**
 * The one place a report becomes a file in a format: JSON (the report with its
 * document) and CSV (one section's table, streamed) are rendered here.
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
    case "html":
      // TODO(w-render): `renderReportHtml(report.document)` from reports/render/, sent as
      // "text/html; charset=utf-8" (the lead wires it at merge).
      throw errors.notImplemented("The HTML format of reports");
    case "pdf":
      // TODO(w-render): `await renderReportPdf(report.document)` from reports/render/, sent as
      // "application/pdf" (the lead wires it at merge).
      throw errors.notImplemented("The PDF format of reports");
  }
}

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
