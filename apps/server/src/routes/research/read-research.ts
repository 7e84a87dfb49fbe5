import { pageOf } from "../../http/cursor.js";
import { defineHandler } from "../../http/handler.js";
import {
  getResearchJob as get,
  listResearchJobs as list,
} from "../../services/research/read-research.js";

export const listResearchJobs = defineHandler("listResearchJobs")(async ({ op, query }) => ({
  status: 200,
  body: await list({ ...op, ...pageOf(query) }),
}));

export const getResearchJob = defineHandler("getResearchJob")(async ({ op, params }) => ({
  status: 200,
  body: await get({ ...op, researchId: params.researchId }),
}));
