import type { PageEvaluation as PageEvaluationResponse } from "@geopulse/api-types";
import type { PageEvaluation } from "@geopulse/db";

type Failure = NonNullable<PageEvaluationResponse["failure"]>;

/** A stored evaluation in the contract's shape. */
export function toPageEvaluationResponse(row: PageEvaluation): PageEvaluationResponse {
  return {
    id: row.id,
    url: row.url,
    finalUrl: row.finalUrl,
    status: row.status as PageEvaluationResponse["status"],
    failure:
      row.status === "failed" && row.failureReason !== null
        ? {
            reason: row.failureReason as Failure["reason"],
            message: row.failureMessage ?? "",
          }
        : null,
    scores: (row.scores ?? null) as PageEvaluationResponse["scores"],
    checks: row.checks as unknown as PageEvaluationResponse["checks"],
    crawlerView:
      row.markdown !== null ? { markdown: row.markdown, bytes: row.htmlBytes ?? 0 } : null,
    fetchedAt: row.fetchedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    requestedBy: {
      type: row.requestedByType as PageEvaluationResponse["requestedBy"]["type"],
      id: row.requestedById,
    },
  };
}
