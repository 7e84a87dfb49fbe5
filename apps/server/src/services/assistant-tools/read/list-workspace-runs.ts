import type { AppContext } from "../../../context.js";
import type { WorkspaceAccess } from "../../../http/principal.js";
import { toRunResponse } from "../../runs/to-run-response.js";

/**
 * The workspace's latest measurement runs (adaptive sampling's confirmation runs, which no
 * metric counts, are left out), newest first, optionally in one status (`listRuns` has no
 * status filter).
 */
export async function listWorkspaceRuns(options: {
  ctx: AppContext;
  workspace: WorkspaceAccess;
  status?: string | undefined;
  limit: number;
}) {
  const rows = await options.ctx.prisma.run.findMany({
    where: {
      workspaceId: options.workspace.id,
      purpose: "measurement",
      ...(options.status ? { status: options.status } : {}),
    },
    orderBy: { id: "desc" },
    take: options.limit + 1,
  });
  return {
    runs: rows.slice(0, options.limit).map((row) => toRunResponse(row, options.workspace.slug)),
    more: rows.length > options.limit,
  };
}
