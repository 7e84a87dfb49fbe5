import type { WorkspaceMetrics } from "@geopulse/api-types";
import type { Command } from "commander";
import { anySignificant, changeLegend, shareChange } from "../changes.js";
import type { Context } from "../context.js";
import { dollars, keyValues, plural, table } from "../format.js";
import { showList } from "../list-command.js";
import { day, withPromptFilters } from "../metrics-filters.js";
import { withJson, withWorkspace } from "../options.js";
import {
  type ChangesOptions,
  changesList,
  checkMetricsView,
  withChangesOptions,
} from "./metrics-changes.js";
import {
  compositeSummary,
  engineTable,
  estimate,
  type MetricsReadOptions,
  metricsQuery,
} from "./scoreboard.js";

type EntityShares = WorkspaceMetrics["shareOfVoice"];

/**
 * Every tracked entity's visibility and share of voice with their 95%
 * intervals and their changes since the previous day (interval, ↑/↓ when
 * significant), engines pooled.
 */
export function entityTable(entities: EntityShares): string {
  const rows = table(
    ["entity", "visibility", "vs previous", "share of voice", "vs previous", "n"],
    entities.map((s) => [
      s.isSelf ? `${s.entity} (you)` : s.entity,
      estimate(s.visibility),
      shareChange(s.visibility.comparisons.previous),
      estimate(s),
      shareChange(s.comparisons.previous),
      s.n,
    ]),
  );
  const previous = entities.flatMap((s) => [
    s.visibility.comparisons.previous,
    s.comparisons.previous,
  ]);
  return anySignificant(previous) ? `${rows}\n\n${changeLegend}` : rows;
}

/**
 * Every tracked entity's recommendation rate (answers recommending it) and
 * shortlist share (answers with it among their first three picks), with 95%
 * intervals; n = answers.
 */
export function recommendationTable(entities: EntityShares): string {
  return table(
    ["entity", "recommended in", "shortlisted in", "answers"],
    entities.map((s) => [
      s.isSelf ? `${s.entity} (you)` : s.entity,
      estimate(s.recommendationRate),
      estimate(s.shortlistShare),
      s.recommendationRate.n,
    ]),
  );
}

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
    sections.push(entityTable(m.shareOfVoice), recommendationTable(m.shareOfVoice));
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

/**
 * `metrics` shows the day's metrics; `metrics changes`, the detected changes
 * of visibility (a view of the same command: see withChangesOptions).
 */
export function registerMetrics(program: Command, ctx: Context): void {
  withChangesOptions(
    withPromptFilters(
      withWorkspace(
        withJson(
          program
            .command("metrics")
            .description(
              "show the workspace metrics: score, share of voice, cited domains " +
                "(metrics changes: the detected changes of visibility)",
            ),
        ),
      ).option("--date <YYYY-MM-DD>", "the day (default: the latest with data)", day),
    ),
  ).action(async (view: string | undefined, options: MetricsReadOptions & ChangesOptions) => {
    checkMetricsView(view, options);
    if (view === "changes") return showList(ctx, changesList, [], options);
    const workspace = await ctx.workspace(options.workspace);
    const metrics = await (await ctx.client()).metrics.get(workspace, metricsQuery(options));
    if (options.json) return ctx.json(metrics);
    ctx.out(render(metrics));
  });
}
