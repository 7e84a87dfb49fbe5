import type { HandlerRegistry } from "../../http/handler.js";
import { getResearchJob, listResearchJobs } from "./read-research.js";
import { startResearch } from "./start-research.js";

/** Research of candidate prompts and sources. */
export const researchHandlers: HandlerRegistry = {
  startResearch,
  listResearchJobs,
  getResearchJob,
};
