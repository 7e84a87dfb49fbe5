import type { WorkspaceMetrics } from "@geopulse/api-types";
import type { Command } from "commander";
import type { Context } from "../context.js";
import { dollars, keyValues, percent, plural, table } from "../format.js";
import {
  compositeSummary,
  engineTable,
  type MetricsReadOptions,
  metricsQuery,
  withMetricsRead,
} from "./scoreboard.js";

function render(m: WorkspaceMetrics): string {
  const run = m.latestRun;
  const sections = [
    compositeSummary(m.scoreboard),
    keyValues([
      [
        "Latest run",
        run
          ? `${run.date} ${run.preset} ${run.status}, ${plural(run.enginesCovered, "engine")}, ` +
            `${plural(run.responseCount, "answer")}, ${dollars(run.totalCostUsd)}`
          : "none yet (no data until the first run)",
      ],
      [
        "Recommendations",
        `${m.pendingRecommendations.proposed} proposed, ` +
          `${m.pendingRecommendations.complianceFlagged} flagged for compliance`,
      ],
    ]),
    engineTable(m.scoreboard),
  ];
  if (m.shareOfVoice.length > 0) {
    sections.push(
      table(
        ["entity", "share of voice", "ci", "n"],
        m.shareOfVoice.map((s) => [
          s.isSelf ? `${s.entity} (you)` : s.entity,
          percent(s.value),
          `${percent(s.ciLow)}–${percent(s.ciHigh)}`,
          s.n,
        ]),
      ),
    );
  }
  if (m.topCitedDomains.length > 0) {
    sections.push(
      table(
        ["cited domain", "count", "taxonomy"],
        m.topCitedDomains.map((d) => [d.domain, d.count, d.taxonomy]),
      ),
    );
  }
  return sections.join("\n\n");
}

export function registerMetrics(program: Command, ctx: Context): void {
  withMetricsRead(
    program
      .command("metrics")
      .description("show the workspace metrics: score, share of voice, cited domains"),
  ).action(async (options: MetricsReadOptions) => {
    const workspace = await ctx.workspace(options.workspace);
    const metrics = await (await ctx.client()).metrics.get(workspace, metricsQuery(options));
    if (options.json) return ctx.json(metrics);
    ctx.out(render(metrics));
  });
}
