import { defineHandler } from "../../http/handler.js";
import { createCompetitor as createCompetitorService } from "../../services/workspace-config/create-competitor.js";

export const createCompetitor = defineHandler("createCompetitor")(async ({ op, body }) => ({
  status: 201,
  body: await createCompetitorService({ ...op, input: body }),
}));
