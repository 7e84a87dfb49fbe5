import { defineHandler } from "../../http/handler.js";
import { workspaceOf } from "../../http/require.js";
import {
  getResearchJob as get,
  listResearchJobs as list,
} from "../../services/research/read-research.js";

export const listResearchJobs = defineHandler("listResearchJobs")(
  async ({ app, workspace, query }) => ({
    status: 200,
    body: await list({
      ctx: app,
      workspace: workspaceOf(workspace),
      limit: query.limit ?? 20,
      cursor: query.cursor,
    }),
  }),
);

export const getResearchJob = defineHandler("getResearchJob")(
  async ({ app, workspace, params }) => ({
    status: 200,
    body: await get({ ctx: app, workspace: workspaceOf(workspace), researchId: params.researchId }),
  }),
);
