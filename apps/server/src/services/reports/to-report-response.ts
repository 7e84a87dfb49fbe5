import type { Report, ReportSummary } from "@geopulse/api-types";
import { dayOf as day } from "../../days.js";
import type { ReportDocument } from "../../reports/report-document.js";
import { getReportCatalog } from "./report-catalog.js";

/** The columns a report response reads (the document only for the full report). */
export interface StoredReport {
  id: string;
  type: string;
  trigger: string;
  title: string;
  parameters: unknown;
  periodFrom: Date;
  periodTo: Date;
  generatedAt: Date;
}

/** A stored report as the API lists it (without its document) or reads it (with it). */
export const toReportResponse = {
  /** Its sections are the catalog's for its type (every builder makes exactly those). */
  summary(row: StoredReport, slug: string): ReportSummary {
    return {
      id: row.id,
      workspace: slug,
      type: row.type as ReportSummary["type"],
      title: row.title,
      period: { from: day(row.periodFrom), to: day(row.periodTo) },
      trigger: row.trigger as ReportSummary["trigger"],
      parameters: row.parameters as ReportSummary["parameters"],
      generatedAt: row.generatedAt.toISOString(),
      sections: getReportCatalog().data.find((e) => e.type === row.type)?.sections ?? [],
    };
  },
  full(row: StoredReport & { document: unknown }, slug: string): Report {
    const document = row.document as ReportDocument;
    return {
      ...toReportResponse.summary(row, slug),
      sections: document.sections.map((s) => ({
        id: s.id,
        title: s.title,
        hasTable: s.table !== undefined,
      })),
      document: document as Report["document"],
    };
  },
};
