import type { Run as RunResponse } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { Principal, WorkspaceAccess } from "../../http/principal.js";
import { recordAuditEvent } from "../audit/record-audit-event.js";
import { finishRun } from "./finish-run.js";
import { toRunResponse } from "./to-run-response.js";

export interface CancelRunOptions {
  ctx: AppContext;
  principal: Principal;
  workspace: WorkspaceAccess;
  requestId: string;
  runId: string;
}

/**
 * Asks a run to stop. A queued run is finished at once; a running one stops
 * between answers (its worker sees the request). Answers already recorded stay
 * and are charged; the rest of the reservation is released.
 */
export async function cancelRun({
  ctx,
  principal,
  workspace,
  requestId,
  runId,
}: CancelRunOptions): Promise<RunResponse> {
  const run = await ctx.prisma.run.findFirst({ where: { id: runId, workspaceId: workspace.id } });
  if (!run) throw errors.notFound("Run");
  if (run.finishedAt && run.status !== "cancelled") {
    throw errors.runFinished(run.status);
  }
  if (!run.cancelRequestedAt) {
    await ctx.prisma.$transaction(async (tx) => {
      await tx.run.update({ where: { id: runId }, data: { cancelRequestedAt: ctx.clock.now() } });
      await recordAuditEvent({
        tx,
        clock: ctx.clock,
        principal,
        requestId,
        workspaceId: workspace.id,
        action: "run.cancel",
        targetType: "run",
        targetId: runId,
      });
    });
    if (run.status === "queued") await finishRun(ctx, runId);
  }
  return toRunResponse(
    await ctx.prisma.run.findUniqueOrThrow({ where: { id: runId } }),
    workspace.slug,
  );
}
