import { z } from "zod";
import type { JobDefinition } from "../job-definition.js";

/** Runs a research job's remaining provider calls; safe to repeat (resumes at the next call). */
export const researchJob: JobDefinition<z.ZodObject<{ researchId: z.ZodString }>> = {
  id: "research",
  version: 1,
  payload: z.object({ researchId: z.string().regex(/^rsj_[0-9A-Z]{26}$/) }),
  expireInSeconds: 1800,
  // A dead worker\'s job is retried (resuming where it stopped) within about a minute.
  heartbeatSeconds: 30,
  retryLimit: 3,
};
