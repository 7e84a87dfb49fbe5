import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getMeasurementModel as getMeasurementModelService } from "../../services/workspace-config/get-measurement-model.js";

export const getMeasurementModel = defineHandler("getMeasurementModel")(
  async ({ app, workspace }) => ({
    status: 200,
    body: await getMeasurementModelService({ ctx: app, workspace: workspaceOf(workspace) }),
  }),
);
