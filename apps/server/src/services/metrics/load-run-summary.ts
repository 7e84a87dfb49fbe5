import type { WorkspaceMetrics } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { dayOf, dayStart } from "../../days.js";
import type { RecentRunRow } from "./load-metrics-head.js";

/** How many of the latest runs the metrics view lists. */
export const RECENT_RUNS = 10;

type Preset = NonNullable<WorkspaceMetrics["latestRun"]>["preset"];
type Status = NonNullable<WorkspaceMetrics["latestRun"]>["status"];

const usd = (micro: bigint) => Number(micro) / 1_000_000;

/**
 * The latest run day (every run created that UTC day: ids, engines covered,
 * answers, cost; preset and status of the day's latest run) and the latest
 * runs (`recent`, read with the metrics head, newest first). The day is a
 * bounded read on the runs' (workspace, createdAt) index, made only when
 * there is a run.
 */
export async function loadRunSummary(
  ctx: AppContext,
  workspaceId: string,
  recent: readonly RecentRunRow[],
): Promise<Pick<WorkspaceMetrics, "latestRun" | "recentRuns">> {
  const latest = recent[0];
  if (!latest) return { latestRun: null, recentRuns: [] };
  const day = dayOf(latest.createdAt);
  const sameDay = await ctx.prisma.run.findMany({
    where: { workspaceId, purpose: "measurement", createdAt: { gte: dayStart(day) } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, engines: true, completedTasks: true, costMicrousd: true },
  });
  return {
    latestRun: {
      date: day,
      preset: latest.preset as Preset,
      status: latest.status as Status,
      totalCostUsd: usd(sameDay.reduce((sum, r) => sum + r.costMicrousd, 0n)),
      runIds: sameDay.map((r) => r.id),
      enginesCovered: new Set(sameDay.flatMap((r) => r.engines)).size,
      responseCount: sameDay.reduce((sum, r) => sum + r.completedTasks, 0),
    },
    recentRuns: recent.map((r) => ({
      date: dayOf(r.createdAt),
      preset: r.preset as Preset,
      status: r.status as Status,
      totalCostUsd: usd(r.costMicrousd),
    })),
  };
}
