import type { ReportBody, ReportBuildInput } from "./report-build-input.js";

/**
 * The page evaluations digest.
 * TODO(lead, at merge with the page evaluations branch): list the period's page
 * evaluations (URL, status, overall and per-category scores) into the
 * `evaluations` table; until then the section is empty.
 */
export async function loadPageEvaluationsDigest(_input: ReportBuildInput): Promise<ReportBody> {
  return {
    summary: [{ label: "Page evaluations", value: "0" }],
    sections: [
      {
        id: "evaluations",
        title: "Page evaluations",
        table: {
          columns: [
            { key: "url", label: "URL", type: "url" },
            { key: "status", label: "Status", type: "text" },
            { key: "score", label: "Overall score", type: "number" },
            { key: "evaluatedAt", label: "Evaluated", type: "date" },
          ],
          rows: [],
        },
        notes: ["No page evaluations."],
      },
    ],
  };
}
