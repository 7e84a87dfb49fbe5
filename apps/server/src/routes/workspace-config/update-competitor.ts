import { defineHandler } from "../../http/handler.js";
import { updateCompetitor as updateCompetitorService } from "../../services/workspace-config/update-competitor.js";

export const updateCompetitor = defineHandler("updateCompetitor")(async ({ op, params, body }) => ({
  status: 200,
  body: await updateCompetitorService({ ...op, competitorId: params.competitorId, input: body }),
}));
