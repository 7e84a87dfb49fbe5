import { z } from "zod";
import { reanalyzeWorkspace } from "../services/analysis/reanalyze-workspace.js";
import type { JobDefinition } from "./job-definition.js";

/**
 * Re-analyses a workspace's stored answers after its brand, domains or
 * competitors changed (or the analysis rules did); safe to repeat.
 */
export const reanalyzeWorkspaceJob: JobDefinition<z.ZodObject<{ workspaceId: z.ZodString }>> = {
  id: "workspace-reanalyze",
  version: 1,
  payload: z.object({ workspaceId: z.string().min(1).max(100) }),
  expireInSeconds: 3600,
  retryLimit: 3,
  handle: async (ctx, payload) => {
    await reanalyzeWorkspace({ ctx, workspaceId: payload.workspaceId });
  },
};
