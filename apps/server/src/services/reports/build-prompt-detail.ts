import { eachDay } from "../../days.js";
import type { ReportCell } from "../../reports/report-document.js";
import { loadPromptCells } from "../metrics/load-prompt-cells.js";
import { loadMetricsScope } from "../metrics/metrics-scope.js";
import type { ReportBody, ReportBuildInput } from "./report-build-input.js";
import { reportValues as v } from "./report-values.js";

interface Sums {
  promptId: string;
  engine: string;
  responses: number;
  mentioned: number;
  rankSum: number;
  cited: number;
}

/**
 * Each prompt's visibility per engine over the period, summed from the prompt
 * rollups (`metric_cells` and the brand's entity counts, what the metrics
 * view's bootstrap reads), one day at a time; prompts in text order, engines
 * by name. Every category is listed, `brand_research` included.
 */
export async function buildPromptDetail(input: ReportBuildInput): Promise<ReportBody> {
  const { ctx, access, period } = input;
  const scope = await loadMetricsScope(ctx, access.id);
  const sums = new Map<string, Sums>();
  for (const day of eachDay(period.from, period.to)) {
    const cells = await loadPromptCells({
      ctx,
      workspaceId: access.id,
      version: scope.version,
      day,
      filters: {},
    });
    for (const cell of cells) {
      const key = `${cell.promptId}\u0000${cell.engine}`;
      const sum = sums.get(key) ?? {
        promptId: cell.promptId,
        engine: cell.engine,
        responses: 0,
        mentioned: 0,
        rankSum: 0,
        cited: 0,
      };
      const self = cell.entities.self;
      sum.responses += cell.responses;
      sum.mentioned += self?.mentionedResponses ?? 0;
      sum.rankSum += self?.rankSum ?? 0;
      sum.cited += self?.citedResponses ?? 0;
      sums.set(key, sum);
    }
  }
  const promptIds = [...new Set([...sums.values()].map((s) => s.promptId))];
  const prompts = await ctx.prisma.prompt.findMany({
    where: { workspaceId: access.id, id: { in: promptIds } },
    select: { id: true, text: true, category: true, language: true, region: true },
  });
  const promptOf = new Map(prompts.map((p) => [p.id, p]));
  const rows = [...sums.values()]
    .map((s) => ({ s, prompt: promptOf.get(s.promptId) }))
    .sort(
      (a, b) =>
        (a.prompt?.text ?? "").localeCompare(b.prompt?.text ?? "") ||
        a.s.promptId.localeCompare(b.s.promptId) ||
        a.s.engine.localeCompare(b.s.engine),
    )
    .map(
      ({ s, prompt }): Record<string, ReportCell> => ({
        promptId: s.promptId,
        prompt: prompt?.text ?? null,
        category: prompt?.category ?? null,
        language: prompt?.language ?? null,
        region: prompt?.region ?? null,
        engine: s.engine,
        responses: s.responses,
        mentioned: s.mentioned,
        visibility: s.responses > 0 ? v.percent(s.mentioned / s.responses) : null,
        averagePosition: s.mentioned > 0 ? s.rankSum / s.mentioned : null,
        cited: s.cited,
      }),
    );
  const answers = [...sums.values()].reduce((n, s) => n + s.responses, 0);
  const mentioned = [...sums.values()].reduce((n, s) => n + s.mentioned, 0);

  return {
    summary: [
      { label: "Prompts", value: String(promptIds.length) },
      { label: "Answers", value: String(answers) },
      {
        label: "Visibility",
        value: answers > 0 ? v.percentText(mentioned / answers) : "no answers",
      },
    ],
    sections: [
      {
        id: "prompts",
        title: "Prompts per engine",
        description:
          "Answers over the period, those mentioning the brand, visibility (their share), the brand's mean rank among tracked entities when mentioned, and answers citing the brand's domains.",
        table: {
          columns: [
            { key: "promptId", label: "Prompt id", type: "text" },
            { key: "prompt", label: "Prompt", type: "text" },
            { key: "category", label: "Category", type: "text" },
            { key: "language", label: "Language", type: "text" },
            { key: "region", label: "Region", type: "text" },
            { key: "engine", label: "Engine", type: "text" },
            { key: "responses", label: "Answers", type: "integer" },
            { key: "mentioned", label: "Answers mentioning the brand", type: "integer" },
            { key: "visibility", label: "Visibility", type: "percent" },
            { key: "averagePosition", label: "Average position", type: "number" },
            { key: "cited", label: "Answers citing the brand", type: "integer" },
          ],
          rows,
        },
        ...(rows.length === 0 ? { notes: ["No answers in this period."] } : {}),
      },
    ],
  };
}
