import type { WorkspaceMetrics } from "@geopulse/api-types";
import {
  buildScoreboard,
  type GetMetricsOptions,
  loadScoreboardHead,
} from "./get-workspace-scoreboard.js";
import { loadRunSummary, RECENT_RUNS } from "./load-run-summary.js";

/**
 * The metrics view of a day: the scoreboard, share of voice of every tracked
 * entity, the most-cited domains, and the latest runs. Reads rollups (and a
 * few run rows), never stored answers. Recommendations do not exist yet, so
 * `pendingRecommendations` is zeros.
 */
export async function getWorkspaceMetrics(options: GetMetricsOptions): Promise<WorkspaceMetrics> {
  const { requested, head } = await loadScoreboardHead(options, RECENT_RUNS);
  const [{ scope, scoreboard, day }, runs] = await Promise.all([
    buildScoreboard(options, requested, head),
    loadRunSummary(options.ctx, options.access.id, head.recentRuns),
  ]);
  const names = new Map(scope.entities.map((e) => [e.id, e.name]));
  return {
    scoreboard,
    ...runs,
    shareOfVoice: day
      ? day.snapshot.entities.map((e) => ({
          entity: names.get(e.entityId) ?? e.entityId,
          value: e.shareOfVoice.value,
          ciLow: e.shareOfVoice.ciLow,
          ciHigh: e.shareOfVoice.ciHigh,
          n: e.shareOfVoice.n,
          isSelf: e.isSelf,
        }))
      : [],
    topCitedDomains: day?.topCitedDomains ?? [],
    pendingRecommendations: { proposed: 0, complianceFlagged: 0 },
  };
}
