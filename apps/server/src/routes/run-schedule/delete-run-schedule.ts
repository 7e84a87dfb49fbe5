import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { deleteRunSchedule as remove } from "../../services/run-schedule/delete-run-schedule.js";

export const deleteRunSchedule = defineHandler("deleteRunSchedule")(
  async ({ app, principal, workspace, requestId }) => {
    await remove({ ctx: app, principal, workspace: workspaceOf(workspace), requestId });
    return { status: 204, body: undefined };
  },
);
