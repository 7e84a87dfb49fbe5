import type { AppContext } from "../../context.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import type { ReportFigure, ReportSection } from "../../reports/report-document.js";

/** What every report builder is given. */
export interface ReportBuildInput {
  ctx: AppContext;
  access: WorkspaceAccess;
  brand: string;
  period: { from: string; to: string };
  parameters: Record<string, string | number | boolean | null>;
}

/** What a builder makes: the document's summary and sections. */
export interface ReportBody {
  summary: ReportFigure[];
  sections: ReportSection[];
}
