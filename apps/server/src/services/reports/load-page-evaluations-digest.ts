import { dayEnd, dayOf, dayStart } from "../../days.js";
import type { ReportCell, ReportColumn } from "../../reports/report-document.js";
import type {
  PageCheck,
  PageCheckCategory,
  PageCheckSeverity,
  PageScores,
} from "../../web/page-check.js";
import type { ReportBody, ReportBuildInput } from "./report-build-input.js";

/** The most evaluations one digest reads (the newest first). */
const MAX_EVALUATIONS = 2_000;

const severityRank: Readonly<Record<PageCheckSeverity, number>> = {
  critical: 0,
  high: 1,
  medium: 2,
  low: 3,
};

const categories: ReadonlyArray<{ key: PageCheckCategory; label: string }> = [
  { key: "access", label: "Access" },
  { key: "understanding", label: "Understanding" },
  { key: "entity", label: "Entity" },
  { key: "citations", label: "Citations" },
  { key: "compliance", label: "Compliance" },
];

const evaluationColumns: ReportColumn[] = [
  { key: "url", label: "URL", type: "url" },
  { key: "evaluationId", label: "Evaluation", type: "text" },
  { key: "status", label: "Status", type: "text" },
  { key: "evaluatedAt", label: "Finished", type: "date" },
  { key: "score", label: "Overall score", type: "integer" },
  ...categories.map((c): ReportColumn => ({ key: c.key, label: c.label, type: "integer" })),
  { key: "failingChecks", label: "Failing checks", type: "integer" },
  { key: "worstCheck", label: "Worst failing check", type: "text" },
  { key: "failure", label: "Failure", type: "text" },
];

const failingColumns: ReportColumn[] = [
  { key: "url", label: "URL", type: "url" },
  { key: "checkId", label: "Check", type: "text" },
  { key: "title", label: "Title", type: "text" },
  { key: "severity", label: "Severity", type: "text" },
  { key: "fix", label: "Fix", type: "text" },
];

/** Failing checks, the most severe first (the checks' own order within a severity). */
function failingOf(checks: readonly PageCheck[]): PageCheck[] {
  return checks
    .map((check, index) => ({ check, index }))
    .filter(({ check }) => check.status === "fail")
    .sort(
      (a, b) =>
        severityRank[a.check.severity] - severityRank[b.check.severity] || a.index - b.index,
    )
    .map(({ check }) => check);
}

/**
 * The page evaluations digest: the latest finished evaluation (succeeded or failed) of each
 * URL among those finished in the period (UTC days, both included), with its scores, its
 * failing checks and the worst of them; then every failing check across those pages, the
 * most severe first. Read from the stored evaluations (`page_evaluations`), as
 * `GET .../page-evaluations/{id}` answers them.
 */
export async function loadPageEvaluationsDigest(input: ReportBuildInput): Promise<ReportBody> {
  const { ctx, access, period } = input;
  const rows = await ctx.prisma.pageEvaluation.findMany({
    where: {
      workspaceId: access.id,
      status: { in: ["succeeded", "failed"] },
      finishedAt: {
        gte: dayStart(period.from),
        lt: dayEnd(period.to),
      },
    },
    orderBy: [{ finishedAt: "desc" }, { id: "desc" }],
    take: MAX_EVALUATIONS,
    select: {
      id: true,
      url: true,
      status: true,
      failureReason: true,
      failureMessage: true,
      checks: true,
      scores: true,
      finishedAt: true,
    },
  });
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.url)) latest.set(row.url, row);
  const evaluations = [...latest.values()].sort((a, b) => a.url.localeCompare(b.url));

  const evaluationRows: Array<Record<string, ReportCell>> = [];
  const failing: Array<{ url: string; check: PageCheck }> = [];
  let scoreSum = 0;
  let scored = 0;
  for (const evaluation of evaluations) {
    const scores = evaluation.scores as PageScores | null;
    const checks = failingOf((evaluation.checks ?? []) as unknown as PageCheck[]);
    const worst = checks[0];
    if (scores?.overall != null) {
      scoreSum += scores.overall;
      scored += 1;
    }
    for (const check of checks) failing.push({ url: evaluation.url, check });
    evaluationRows.push({
      url: evaluation.url,
      evaluationId: evaluation.id,
      status: evaluation.status,
      evaluatedAt: evaluation.finishedAt ? dayOf(evaluation.finishedAt) : null,
      score: scores?.overall ?? null,
      ...Object.fromEntries(categories.map((c) => [c.key, scores?.categories[c.key] ?? null])),
      failingChecks: checks.length,
      worstCheck: worst ? `${worst.title} (${worst.severity}, ${worst.id})` : null,
      failure:
        evaluation.status === "failed"
          ? [evaluation.failureReason, evaluation.failureMessage].filter(Boolean).join(": ")
          : null,
    });
  }
  failing.sort(
    (a, b) =>
      severityRank[a.check.severity] - severityRank[b.check.severity] ||
      a.url.localeCompare(b.url) ||
      a.check.id.localeCompare(b.check.id),
  );
  const failed = evaluations.filter((e) => e.status === "failed").length;

  return {
    summary: [
      { label: "Page evaluations", value: String(evaluations.length) },
      {
        label: "Average overall score",
        value: scored === 0 ? "none" : (scoreSum / scored).toFixed(1),
        ...(scored > 0 ? { detail: `over ${scored} scored page${scored === 1 ? "" : "s"}` } : {}),
      },
      { label: "Failed evaluations", value: String(failed) },
      { label: "Failing checks", value: String(failing.length) },
    ],
    sections: [
      {
        id: "evaluations",
        title: "Page evaluations",
        description:
          "The latest evaluation of each URL finished in the period: scores 0-100 (overall and per category), its failing checks and the most severe of them.",
        table: { columns: evaluationColumns, rows: evaluationRows },
        ...(evaluationRows.length === 0 ? { notes: ["No page evaluations."] } : {}),
      },
      {
        id: "failing_checks",
        title: "Failing checks",
        description:
          "Every failing check of those evaluations, the most severe first, with what to change.",
        table: {
          columns: failingColumns,
          rows: failing.map(({ url, check }) => ({
            url,
            checkId: check.id,
            title: check.title,
            severity: check.severity,
            fix: check.fix,
          })),
        },
        ...(failing.length === 0 ? { notes: ["No failing checks."] } : {}),
      },
    ],
  };
}
