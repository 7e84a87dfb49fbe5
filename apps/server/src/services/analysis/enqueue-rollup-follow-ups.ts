import type { AppContext } from "../../context.js";
import { deriveRecommendationsJob } from "../../jobs/definitions/derive-recommendations-job.js";
import { measureRecommendationImpactsJob } from "../../jobs/definitions/measure-recommendation-impacts-job.js";
import { refreshMetricChangesJob } from "../../jobs/definitions/refresh-metric-changes-job.js";
import { refreshMetricSnapshotsJob } from "../../jobs/definitions/refresh-metric-snapshots-job.js";

/** A job over one workspace (jobs/job-definition.ts, `workspaceJob`): they all share its type. */
type WorkspaceJob = typeof refreshMetricChangesJob;

/**
 * The work that reads a workspace's rollups, queued after they changed (a
 * finished run stored answers, a re-analysis redid days): the latest day's
 * stored metrics, the detected changes of the days concerned and the 34 after each, the impact of the
 * recommendations marked done, and the latest day's recommendations.
 */
const followUps: ReadonlyArray<readonly [WorkspaceJob, string]> = [
  [refreshMetricSnapshotsJob, "the metric snapshots refresh"],
  [refreshMetricChangesJob, "the metric changes refresh"],
  [measureRecommendationImpactsJob, "the impact measurement"],
  [deriveRecommendationsJob, "the recommendation derivation"],
];

export async function enqueueRollupFollowUps(ctx: AppContext, workspaceId: string): Promise<void> {
  for (const [job, what] of followUps) await enqueueWorkspaceJob(ctx, job, workspaceId, what);
}

/**
 * Queues a job over one workspace. A failure to enqueue is logged, not
 * returned: the work it stands for is redone by the next trigger (reads compute
 * outdated change days themselves; the next run measures and derives again;
 * `POST .../recommendations/derive` derives on demand).
 */
export async function enqueueWorkspaceJob(
  ctx: AppContext,
  job: WorkspaceJob,
  workspaceId: string,
  what: string,
): Promise<void> {
  try {
    await ctx.queue.enqueue(job, { workspaceId });
  } catch (error) {
    ctx.logger.error({ err: error, workspaceId }, `could not queue ${what}`);
  }
}
