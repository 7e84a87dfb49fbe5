import type { z } from "zod";
import { executeRunJob } from "./execute-run-job.js";
import type { JobDefinition } from "./job-definition.js";

/** Every background job a worker process serves. Add a new job here. */
export const allJobs: JobDefinition<z.ZodType>[] = [
  executeRunJob as unknown as JobDefinition<z.ZodType>,
];
