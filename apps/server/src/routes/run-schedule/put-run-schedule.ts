import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { putRunSchedule as put } from "../../services/run-schedule/put-run-schedule.js";

export const putRunSchedule = defineHandler("putRunSchedule")(
  async ({ app, principal, workspace, body, requestId }) => ({
    status: 200,
    body: await put({
      ctx: app,
      principal,
      workspace: workspaceOf(workspace),
      requestId,
      input: body,
    }),
  }),
);
