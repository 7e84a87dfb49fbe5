import { z } from "zod";
import { type JobDefinition, resumableCallsJob } from "../job-definition.js";

/** Runs a prompt generation's remaining LLM calls; safe to repeat (resumes at the next batch). */
export const promptGenerationJob: JobDefinition<z.ZodObject<{ generationId: z.ZodString }>> = {
  id: "prompt-generation",
  version: 1,
  payload: z.object({ generationId: z.string().regex(/^pgn_[0-9A-Z]{26}$/) }),
  ...resumableCallsJob,
};
