import { defineHandler } from "../../http/handler.js";
import { putMeasurementModel as putMeasurementModelService } from "../../services/workspace-config/put-measurement-model.js";

export const putMeasurementModel = defineHandler("putMeasurementModel")(async ({ op, body }) => ({
  status: 200,
  body: await putMeasurementModelService({ ...op, input: body }),
}));
