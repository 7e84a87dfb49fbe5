import { defineHandler } from "../../http/handler.js";
import { cancelRun as cancel } from "../../services/runs/cancel-run.js";

export const cancelRun = defineHandler("cancelRun")(async ({ op, params }) => ({
  status: 200,
  body: await cancel({ ...op, runId: params.runId }),
}));
