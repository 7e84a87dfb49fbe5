import { z } from "zod";
import { type JobDefinition, resumableCallsJob } from "../job-definition.js";

/** Pulls an SEO refresh's remaining pages; safe to repeat (resumes at the next page of each source). */
export const seoRefreshJob: JobDefinition<z.ZodObject<{ refreshId: z.ZodString }>> = {
  id: "seo-refresh",
  version: 1,
  payload: z.object({ refreshId: z.string().regex(/^seo_[0-9A-Z]{26}$/) }),
  ...resumableCallsJob,
};
