import { defineHandler } from "../../http/handler.js";
import { planMeasurement } from "../../services/metrics/plan-measurement.js";

export const getMetricsPlan = defineHandler("getMetricsPlan")(async ({ op, query }) => ({
  status: 200,
  body: await planMeasurement({ ...op, query }),
}));
