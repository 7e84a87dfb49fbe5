import { z } from "zod";
import { FIRST_DAY, isDay, LAST_DAY } from "../../days.js";
import { ENGINE_IDS, SURFACES } from "../../engines/engine-registry.js";

/** Argument schemas several tools share (the API's own bounds and enums). */
export const engineArg = z.enum(ENGINE_IDS).describe("Only answers of this engine.");

export const surfaceArg = z
  .enum(SURFACES)
  .describe(
    "Only answers read from this surface: api (developer APIs), search_page (Google's AI Overviews and AI Mode), consumer_app (the assistants' apps). Without it, surfaces are pooled.",
  );

/** The contract's day (components/schemas/Day): a real calendar day within its bounds. */
export const dayArg = (what: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(isDay, `must be a calendar day (YYYY-MM-DD) from ${FIRST_DAY} to ${LAST_DAY}`)
    .describe(`${what} (UTC, YYYY-MM-DD, ${FIRST_DAY} to ${LAST_DAY}).`);

export const limitArg = (max: number, fallback: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`How many to list (1-${max}, default ${fallback}).`);

/** An entity of the metrics: `self` for the brand, else a competitor id. */
export const entityArg = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .describe("`self` for the brand, else a competitor id (get_metrics lists them).");

export const promptCategories = [
  "discovery",
  "problem_solution",
  "use_case",
  "comparison",
  "expert",
  "brand_research",
] as const;

export const categoryArg = z.enum(promptCategories).describe("Only prompts of this category.");
