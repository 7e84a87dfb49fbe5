import { defineHandler } from "../../http/handler.js";
import { getCompetitor as getCompetitorService } from "../../services/workspace-config/get-competitor.js";

export const getCompetitor = defineHandler("getCompetitor")(async ({ op, params }) => ({
  status: 200,
  body: await getCompetitorService({ ...op, competitorId: params.competitorId }),
}));
