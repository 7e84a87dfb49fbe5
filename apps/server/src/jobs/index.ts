import type { z } from "zod";
import { executeRunJob } from "./execute-run-job.js";
import type { JobDefinition } from "./job-definition.js";
import { promptGenerationJob } from "./prompt-generation-job.js";
import { reanalyzeWorkspaceJob } from "./reanalyze-workspace-job.js";
import { researchJobDefinition } from "./research-job.js";

/** Every background job a worker process serves. Add a new job here. */
export const allJobs: JobDefinition<z.ZodType>[] = [
  executeRunJob as unknown as JobDefinition<z.ZodType>,
  promptGenerationJob as unknown as JobDefinition<z.ZodType>,
  researchJobDefinition as unknown as JobDefinition<z.ZodType>,
  reanalyzeWorkspaceJob as unknown as JobDefinition<z.ZodType>,
];
