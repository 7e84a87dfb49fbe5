import { z } from "zod";
import type { JobDefinition } from "../job-definition.js";

/** Executes a run's pending answers; safe to repeat (a resumed run skips what is done). */
export const executeRunJob: JobDefinition<z.ZodObject<{ runId: z.ZodString }>> = {
  id: "run-execute",
  version: 1,
  payload: z.object({ runId: z.string().regex(/^run_[0-9A-Z]{26}$/) }),
  expireInSeconds: 3600,
  retryLimit: 5,
};
