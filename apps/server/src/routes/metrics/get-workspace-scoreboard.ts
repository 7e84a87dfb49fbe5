import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import { getWorkspaceScoreboard as getScoreboard } from "../../services/metrics/get-workspace-scoreboard.js";
import { filtersOf } from "./query-filters.js";

export const getWorkspaceScoreboard = defineHandler("getWorkspaceScoreboard")(
  async ({ op, workspace, query }) => ({
    status: 200,
    body: await getScoreboard({
      ...op,
      access: workspaceOf(workspace),
      date: query.date,
      filters: filtersOf(query),
    }),
  }),
);
