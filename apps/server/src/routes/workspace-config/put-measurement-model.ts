import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { putMeasurementModel as putMeasurementModelService } from "../../services/workspace-config/put-measurement-model.js";

export const putMeasurementModel = defineHandler("putMeasurementModel")(
  async ({ app, principal, workspace, requestId, body }) => ({
    status: 200,
    body: await putMeasurementModelService({
      ctx: app,
      workspace: workspaceOf(workspace),
      principal,
      requestId,
      input: body,
    }),
  }),
);
