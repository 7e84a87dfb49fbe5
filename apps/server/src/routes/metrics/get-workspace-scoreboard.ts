import { defineHandler } from "../../http/handler.js";
import { getWorkspaceScoreboard as getScoreboard } from "../../services/metrics/get-workspace-scoreboard.js";
import { filtersOf } from "./query-filters.js";

export const getWorkspaceScoreboard = defineHandler("getWorkspaceScoreboard")(
  async ({ op, query }) => ({
    status: 200,
    body: await getScoreboard({
      ...op,
      access: op.workspace,
      date: query.date,
      filters: filtersOf(query),
    }),
  }),
);
