import { defineHandler } from "../../http/handler.js";
import { deleteCompetitor as deleteCompetitorService } from "../../services/workspace-config/delete-competitor.js";

export const deleteCompetitor = defineHandler("deleteCompetitor")(async ({ op, params }) => {
  await deleteCompetitorService({ ...op, competitorId: params.competitorId });
  return { status: 204, body: undefined };
});
