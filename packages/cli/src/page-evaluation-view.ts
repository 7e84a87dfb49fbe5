import type { PageEvaluation } from "@geopulse/api-types";
import { clip, keyValues, table, when } from "./format.js";

type Check = PageEvaluation["checks"][number];

/** A check's status with a mark readable without colour. */
export const statusMarks: Readonly<Record<Check["status"], string>> = {
  pass: "✓ pass",
  warn: "! warn",
  fail: "✗ fail",
  info: "i info",
  not_applicable: "- n/a",
};

const score = (value: number | null | undefined): string =>
  value === null || value === undefined ? "-" : `${value}/100`;

/** An evaluation: its summary, its scores, and its checks as a table. */
export function pageEvaluationText(evaluation: PageEvaluation): string {
  const { scores } = evaluation;
  const sections = [
    keyValues([
      ["Evaluation", evaluation.id],
      ["URL", evaluation.url],
      ["Final URL", evaluation.finalUrl],
      ["Status", evaluation.status],
      [
        "Failure",
        evaluation.failure ? `${evaluation.failure.reason}: ${evaluation.failure.message}` : null,
      ],
      ["Score", score(scores?.overall)],
      [
        "Categories",
        scores
          ? Object.entries(scores.categories)
              .map(([category, value]) => `${category} ${score(value)}`)
              .join(", ")
          : null,
      ],
      [
        "Crawler view",
        evaluation.crawlerView
          ? `${evaluation.crawlerView.markdown.length} characters of Markdown (--markdown shows it)`
          : null,
      ],
      ["Fetched", when(evaluation.fetchedAt)],
      ["Created", when(evaluation.createdAt)],
    ]),
  ];
  if (evaluation.checks.length > 0) {
    sections.push(
      table(
        ["status", "severity", "check", "summary"],
        evaluation.checks.map((c) => [
          statusMarks[c.status],
          c.severity,
          c.id,
          clip(c.summary, 100),
        ]),
      ),
    );
    const counts = evaluation.checks.reduce<Record<string, number>>((acc, c) => {
      acc[c.status] = (acc[c.status] ?? 0) + 1;
      return acc;
    }, {});
    sections.push(
      `${counts.pass ?? 0} passed, ${counts.warn ?? 0} warnings, ${counts.fail ?? 0} failed, ${
        counts.info ?? 0
      } informational. Fixes and evidence: --json.`,
    );
  }
  return sections.join("\n\n");
}
