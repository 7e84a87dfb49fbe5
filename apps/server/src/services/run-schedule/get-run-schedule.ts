import type { RunSchedule } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { WorkspaceAccess } from "../../http/principal.js";
import { confirmationSpend } from "../confirmations/confirmation-spend.js";
import { scheduleColumns, toRunSchedule } from "./to-run-schedule.js";

export async function getRunSchedule(options: {
  ctx: AppContext;
  workspace: WorkspaceAccess;
}): Promise<RunSchedule> {
  const stored = await options.ctx.prisma.workspace.findUnique({
    where: { id: options.workspace.id },
    select: scheduleColumns,
  });
  if (!stored) throw errors.workspaceNotFound();
  return toRunSchedule(
    stored,
    await confirmationSpend(options.ctx.prisma, options.workspace.id, options.ctx.clock.now()),
  );
}
