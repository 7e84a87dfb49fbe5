import { defineHandler } from "../../http/handler.js";
import { listModels as listModelsService } from "../../services/models/list-models.js";

export const listModels = defineHandler("listModels")(async ({ op }) => ({
  status: 200,
  body: listModelsService(op),
}));
