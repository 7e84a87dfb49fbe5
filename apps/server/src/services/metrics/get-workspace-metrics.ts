import type { WorkspaceMetrics } from "@geopulse/api-types";
import { countPendingRecommendations } from "../recommendations/count-pending-recommendations.js";
import {
  buildScoreboard,
  type GetMetricsOptions,
  loadScoreboardHead,
} from "./get-workspace-scoreboard.js";
import { loadRunSummary, RECENT_RUNS } from "./load-run-summary.js";

/**
 * The metrics view of a day: the scoreboard, share of voice and visibility of
 * every tracked entity (each with its changes since the comparison days), the
 * most-cited domains, and the latest runs. Reads rollups (and a few run rows),
 * never stored answers; `pendingRecommendations` is one grouped count of the
 * open `proposed` and the `flagged` recommendations.
 */
export async function getWorkspaceMetrics(options: GetMetricsOptions): Promise<WorkspaceMetrics> {
  const { requested, head } = await loadScoreboardHead(options, RECENT_RUNS);
  const [{ scope, scoreboard, day, comparisons }, runs, pendingRecommendations] = await Promise.all(
    [
      buildScoreboard(options, requested, head),
      loadRunSummary(options.ctx, options.access.id, head.recentRuns),
      countPendingRecommendations(options.ctx, options.access.id),
    ],
  );
  const names = new Map(scope.entities.map((e) => [e.id, e.name]));
  return {
    scoreboard,
    ...runs,
    shareOfVoice: day
      ? day.snapshot.entities.map((e) => ({
          entity: names.get(e.entityId) ?? e.entityId,
          entityId: e.entityId,
          value: e.shareOfVoice.value,
          ciLow: e.shareOfVoice.ciLow,
          ciHigh: e.shareOfVoice.ciHigh,
          n: e.shareOfVoice.n,
          isSelf: e.isSelf,
          comparisons: comparisons((c) => c.entities.get(e.entityId)?.shareOfVoice),
          visibility: {
            ...e.visibility,
            comparisons: comparisons((c) => c.entities.get(e.entityId)?.visibility),
          },
          recommendationRate: e.recommendationRate,
          shortlistShare: e.shortlistShare,
        }))
      : [],
    topCitedDomains: day?.topCitedDomains ?? [],
    pendingRecommendations,
  };
}
