import { z } from "zod";
import { type JobDefinition, resumableCallsJob } from "../job-definition.js";

/** Runs a research job's remaining provider calls; safe to repeat (resumes at the next call). */
export const researchJob: JobDefinition<z.ZodObject<{ researchId: z.ZodString }>> = {
  id: "research",
  version: 1,
  payload: z.object({ researchId: z.string().regex(/^rsj_[0-9A-Z]{26}$/) }),
  ...resumableCallsJob,
};
