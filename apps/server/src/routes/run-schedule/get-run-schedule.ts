import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getRunSchedule as get } from "../../services/run-schedule/get-run-schedule.js";

export const getRunSchedule = defineHandler("getRunSchedule")(async ({ app, workspace }) => ({
  status: 200,
  body: await get({ ctx: app, workspace: workspaceOf(workspace) }),
}));
