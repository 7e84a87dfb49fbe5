import { defineHandler } from "../../http/handler.js";
import { getMeasurementModel as getMeasurementModelService } from "../../services/workspace-config/get-measurement-model.js";

export const getMeasurementModel = defineHandler("getMeasurementModel")(async ({ op }) => ({
  status: 200,
  body: await getMeasurementModelService(op),
}));
