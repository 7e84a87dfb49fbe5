import { defineHandler } from "../../http/handler.js";
import { listCompetitors as listCompetitorsService } from "../../services/workspace-config/list-competitors.js";

export const listCompetitors = defineHandler("listCompetitors")(async ({ op }) => ({
  status: 200,
  body: await listCompetitorsService(op),
}));
