import type { Run as RunResponse } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { finishRun } from "./finish-run.js";
import { toRunResponse } from "./to-run-response.js";

export interface CancelRunOptions extends WorkspaceOperation {
  runId: string;
}

/**
 * Asks a run to stop. A queued run is finished at once; a running one stops
 * between answers (its worker sees the request). Answers already recorded stay
 * and are charged; the rest of the reservation is released.
 */
export async function cancelRun(options: CancelRunOptions): Promise<RunResponse> {
  const { ctx, workspace, runId } = options;
  const run = await ctx.prisma.run.findFirst({ where: { id: runId, workspaceId: workspace.id } });
  if (!run) throw errors.notFound("Run");
  if (run.finishedAt && run.status !== "cancelled") {
    throw errors.runFinished(run.status);
  }
  if (!run.cancelRequestedAt) {
    await ctx.prisma.$transaction(async (tx) => {
      await tx.run.update({ where: { id: runId }, data: { cancelRequestedAt: ctx.clock.now() } });
      await audit(options, tx, "run.cancel", ["run", runId]);
    });
    if (run.status === "queued") await finishRun(ctx, runId);
  }
  return toRunResponse(
    await ctx.prisma.run.findUniqueOrThrow({ where: { id: runId } }),
    workspace.slug,
  );
}
