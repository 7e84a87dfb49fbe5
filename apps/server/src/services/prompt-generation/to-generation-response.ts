import type { PromptGeneration as GenerationResponse } from "@geopulse/api-types";
import type { PromptGeneration } from "@geopulse/db";
import { meteredJobFields } from "../metered-jobs/job-fields.js";

export function toGenerationResponse(row: PromptGeneration, slug: string): GenerationResponse {
  return {
    generationId: row.id,
    workspace: slug,
    status: row.status as GenerationResponse["status"],
    generator: row.generator as GenerationResponse["generator"],
    model: row.model,
    simulated: row.generator === "simulated",
    requestedCount: row.requestedCount,
    languages: row.languages as GenerationResponse["languages"],
    targets: row.targets as GenerationResponse["targets"],
    callsPlanned: row.callsPlanned,
    callsMade: row.callsMade,
    callsFailed: row.callsFailed,
    suggestionCount: row.suggestionCount,
    duplicatesSkipped: row.duplicatesSkipped,
    ...meteredJobFields(row),
  };
}
