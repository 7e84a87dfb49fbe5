import { z } from "zod";
import { reanalyzeWorkspace } from "../services/analysis/reanalyze-workspace.js";
import type { JobDefinition } from "./job-definition.js";

const payload = z.object({
  workspaceId: z.string().min(1).max(100),
  // `all`: the brand, domains or competitors changed, so every day is redone;
  // `outdated`: only days analysed by an older ANALYSIS_VERSION.
  scope: z.enum(["all", "outdated"]),
});

/**
 * Re-analyses a workspace's stored answers after what they are analysed
 * against changed, or the analysis rules did. Safe to repeat. One job per
 * workspace and scope waits in the queue: a burst of edits runs it once more
 * after the one in progress, not once per edit.
 */
export const reanalyzeWorkspaceJob: JobDefinition<typeof payload> = {
  id: "workspace-reanalyze",
  // v2: scope in the payload, and a stately queue (a policy is fixed when the queue is created).
  version: 2,
  payload,
  expireInSeconds: 3600,
  // A dead worker\'s job is retried (resuming where it stopped) within about a minute.
  heartbeatSeconds: 30,
  retryLimit: 3,
  singletonKey: (p) => `${p.scope}:${p.workspaceId}`,
  handle: async (ctx, p) => {
    await reanalyzeWorkspace({ ctx, workspaceId: p.workspaceId, scope: p.scope });
  },
};
