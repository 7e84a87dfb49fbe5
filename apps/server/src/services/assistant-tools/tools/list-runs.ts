import { z } from "zod";
import { defineTool } from "../define-tool.js";
import { metricCitation } from "../metric-views.js";
import { listWorkspaceRuns } from "../read/list-workspace-runs.js";
import { limitArg } from "../tool-args.js";

export const listRunsTool = defineTool({
  name: "list_runs",
  description:
    "The workspace's measurement runs, newest first: status, engines, progress (answers done and failed), cost in micro-USD and times.",
  requiredScope: "runs:read",
  args: z.object({
    status: z
      .enum(["queued", "running", "succeeded", "partial", "failed", "cancelled"])
      .describe("Only runs in this status.")
      .optional(),
    limit: limitArg(50, 10),
  }),
  async run({ op, args }) {
    const { runs, more } = await listWorkspaceRuns({
      ...op,
      status: args.status,
      limit: args.limit,
    });
    const view = runs.map((r) => ({
      runId: r.runId,
      status: r.status,
      preset: r.preset,
      engines: r.engines,
      simulated: r.simulated,
      promptCount: r.promptCount,
      progress: r.progress,
      costMicrousd: r.costMicrousd,
      error: r.error,
      trigger: r.trigger,
      createdAt: r.createdAt,
      finishedAt: r.finishedAt,
    }));
    const latest = view[0];
    return {
      data: { runs: view, more },
      summary: latest
        ? `${view.length} run(s); latest ${latest.runId} ${latest.status}, ${latest.progress.completed} answer(s)`
        : "no runs",
      citations: [metricCitation("runs", { status: args.status })],
    };
  },
});
