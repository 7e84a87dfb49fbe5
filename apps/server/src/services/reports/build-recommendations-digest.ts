import type { Recommendation } from "@geopulse/api-types";
import type { ReportColumn } from "../../reports/report-document.js";
import { listRecommendations } from "../recommendations/list-recommendations.js";
import type { ReportBody, ReportBuildInput } from "./report-build-input.js";

/** The most recommendations one digest lists per status. */
const MAX_PER_STATUS = 500;

type Status = NonNullable<Recommendation["status"]>;

const columns: ReportColumn[] = [
  { key: "recommendationId", label: "Id", type: "text" },
  { key: "title", label: "Title", type: "text" },
  { key: "kind", label: "Kind", type: "text" },
  { key: "status", label: "Status", type: "text" },
  { key: "priority", label: "Priority", type: "integer" },
  { key: "effort", label: "Effort", type: "text" },
  { key: "engines", label: "Engines", type: "text" },
  { key: "target", label: "Target", type: "text" },
  { key: "findings", label: "Compliance findings", type: "integer" },
];

const impactColumns: ReportColumn[] = [
  ...columns,
  { key: "verdict", label: "Impact verdict", type: "text" },
  { key: "baseline", label: "Baseline", type: "number" },
  { key: "current", label: "Current", type: "number" },
  { key: "delta", label: "Change", type: "number" },
  { key: "significant", label: "Significant", type: "text" },
];

/**
 * The recommendations digest: the workspace's recommendations as
 * `GET .../recommendations` lists them when the report is generated, open ones
 * (proposed, accepted, in progress) by priority, those flagged for a
 * compliance review, and those done with their measured impact.
 */
export async function buildRecommendationsDigest(input: ReportBuildInput): Promise<ReportBody> {
  const list = async (status: Status): Promise<Recommendation[]> => {
    const out: Recommendation[] = [];
    let cursor: string | undefined;
    do {
      const page = await listRecommendations({
        ctx: input.ctx,
        workspace: input.access,
        query: { status },
        limit: 100,
        cursor,
      });
      out.push(...page.data);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && out.length < MAX_PER_STATUS);
    return out;
  };
  const [proposed, accepted, inProgress, flagged, done] = await Promise.all(
    (["proposed", "accepted", "in_progress", "flagged", "done"] as const).map(list),
  );
  const open = [...(proposed ?? []), ...(accepted ?? []), ...(inProgress ?? [])].sort(
    (a, b) =>
      b.priority.score - a.priority.score || a.recommendationId.localeCompare(b.recommendationId),
  );
  const row = (r: Recommendation) => ({
    recommendationId: r.recommendationId,
    title: r.title,
    kind: r.kind,
    status: r.status,
    priority: r.priority.score,
    effort: r.priority.effort,
    engines: r.target.engines.join(" "),
    target: r.target.url ?? r.target.domain ?? null,
    findings: r.complianceFindings.length,
  });
  const verdicts = new Map<string, number>();
  for (const r of done ?? []) {
    const verdict = r.impact?.verdict ?? "not_measured";
    verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
  }

  return {
    summary: [
      { label: "Open", value: String(open.length) },
      { label: "Flagged for review", value: String(flagged?.length ?? 0) },
      {
        label: "Done",
        value: String(done?.length ?? 0),
        ...(verdicts.size > 0
          ? {
              detail: [...verdicts]
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([verdict, n]) => `${n} ${verdict}`)
                .join(", "),
            }
          : {}),
      },
    ],
    sections: [
      {
        id: "open",
        title: "Open",
        description: "Proposed, accepted and in progress, highest priority first.",
        table: { columns, rows: open.map(row) },
      },
      {
        id: "flagged",
        title: "Flagged for compliance review",
        table: { columns, rows: (flagged ?? []).map(row) },
      },
      {
        id: "done",
        title: "Done, with measured impact",
        description:
          "The metric at completion (baseline), the latest measurement, and the verdict.",
        table: {
          columns: impactColumns,
          rows: (done ?? []).map((r) => ({
            ...row(r),
            verdict: r.impact?.verdict ?? null,
            baseline: r.impact?.baseline.value ?? null,
            current: r.impact?.current?.value ?? null,
            delta: r.impact?.delta?.delta ?? null,
            significant: r.impact?.delta?.significant ?? null,
          })),
        },
      },
    ],
  };
}
