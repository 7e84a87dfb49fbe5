import { z } from "zod";
import { listRecommendations } from "../../recommendations/list-recommendations.js";
import { defineTool } from "../define-tool.js";
import { metricCitation } from "../metric-views.js";
import { fitList, MAX_RESULT_BYTES } from "../result-bounds.js";
import { limitArg } from "../tool-args.js";
import type { AssistantCitation } from "../types.js";

export const listRecommendationsTool = defineTool({
  name: "list_recommendations",
  description:
    "Recommendations derived from the measurements (newest first): what to do, why, priority score 0-100, the metric gap behind it and the stored answers that show it.",
  requiredScope: "recs:read",
  args: z.object({
    status: z
      .enum(["proposed", "accepted", "in_progress", "done", "dismissed", "flagged"])
      .describe("Only recommendations in this status.")
      .optional(),
    kind: z
      .enum([
        "create_content",
        "earn_citation",
        "improve_page",
        "fix_sentiment",
        "engine_gap",
        "correct_claim",
      ])
      .describe("Only recommendations of this kind.")
      .optional(),
    limit: limitArg(20, 10),
  }),
  async run({ op, args }) {
    const page = await listRecommendations({
      ...op,
      limit: args.limit,
      query: { status: args.status, kind: args.kind },
    });
    const views = page.data.map((r) => ({
      recommendationId: r.recommendationId,
      kind: r.kind,
      status: r.status,
      title: r.title,
      rationale: r.rationale,
      action: r.action,
      priorityScore: r.priority.score,
      target: r.target,
      metric: r.evidence.metric,
      comparison: r.evidence.comparison,
      stale: r.evidence.stale,
      evidenceAnswers: r.evidence.answers.slice(0, 3).map((a) => ({
        runId: a.runId,
        responseId: a.responseId,
        engine: a.engine,
        promptId: a.promptId,
      })),
      impact: r.impact,
      createdAt: r.createdAt,
    }));
    const fitted = fitList(views, MAX_RESULT_BYTES - 200);
    const answers: AssistantCitation[] = fitted.items.flatMap((r) =>
      r.evidenceAnswers.map((a) => ({ kind: "response" as const, ...a })),
    );
    return {
      data: { recommendations: fitted.items, more: page.nextCursor !== null || fitted.truncated },
      summary: `${fitted.items.length} recommendation(s)${args.status ? ` ${args.status}` : ""}`,
      citations: [
        metricCitation("recommendations", { status: args.status, kind: args.kind }),
        ...answers,
      ],
    };
  },
});
