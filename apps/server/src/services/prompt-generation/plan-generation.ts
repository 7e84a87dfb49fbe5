import type { Language, PromptCategory } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { promptCategories } from "../prompts/prompt-rules.js";

/** Most LLM calls one generation may make. */
const maxGenerationCalls = 100;
/**
 * Reserved per LLM call, whatever the generator (the specification's fixed
 * estimate), and the most one call is billed: a call (with its retries) is
 * billed its token cost capped at this ceiling, so a generation's charge never
 * exceeds its reservation.
 */
export const generationCallCeilingMicrousd = 250_000n;
/** Charged per call of the simulated generator. */
export const simulatedCostPerCallMicrousd = 1_000n;
export const defaultPromptsPerCall = 25;

export interface GenerationTarget {
  category: PromptCategory;
  language: Language;
  count: number;
}

/** One LLM call: prompts of one language, per category. */
export interface GenerationBatch {
  language: Language;
  items: Array<{ category: PromptCategory; count: number }>;
}

export interface GenerationPlan {
  targets: GenerationTarget[];
  batches: GenerationBatch[];
  reservationMicrousd: bigint;
}

export interface PlanGenerationInput {
  count: number;
  languages: Language[];
  categories: PromptCategory[];
  quotas: Record<string, number>;
  promptsPerCall: number;
}

/**
 * Apportions `count` prompts over (category, language) pairs by the quotas of
 * the requested categories (renormalised), spread evenly over the languages,
 * with the largest-remainder method (ties: category order, then language
 * order). Then packs each language's prompts into calls of at most
 * `promptsPerCall`. Throws 400 for an all-zero quota or too many calls.
 */
export function planGeneration(input: PlanGenerationInput): GenerationPlan {
  const categories = promptCategories.filter(
    (c) => input.categories.includes(c) && (input.quotas[c] ?? 0) > 0,
  );
  const total = categories.reduce((sum, c) => sum + (input.quotas[c] ?? 0), 0);
  if (categories.length === 0 || total <= 0) {
    throw errors.field(
      "body.categories",
      "quota",
      "every requested category has a quota of 0 in this workspace",
    );
  }
  const cells = categories.flatMap((category, ci) =>
    input.languages.map((language, li) => {
      const exact = (input.count * (input.quotas[category] ?? 0)) / total / input.languages.length;
      return { category, language, order: ci * input.languages.length + li, exact };
    }),
  );
  const counts = cells.map((cell) => Math.floor(cell.exact + 1e-9));
  let left = input.count - counts.reduce((a, b) => a + b, 0);
  const byRemainder = cells
    .map((cell, index) => ({ index, remainder: cell.exact - (counts[index] ?? 0), cell }))
    .sort((a, b) => b.remainder - a.remainder || a.cell.order - b.cell.order);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    counts[index] = (counts[index] ?? 0) + 1;
    left--;
  }
  const targets: GenerationTarget[] = cells
    .map((cell, index) => ({
      category: cell.category,
      language: cell.language,
      count: counts[index] ?? 0,
    }))
    .filter((t) => t.count > 0);

  const batches: GenerationBatch[] = [];
  for (const language of input.languages) {
    let batch: GenerationBatch | undefined;
    let room = 0;
    for (const target of targets.filter((t) => t.language === language)) {
      let remaining = target.count;
      while (remaining > 0) {
        if (!batch || room === 0) {
          batch = { language, items: [] };
          batches.push(batch);
          room = input.promptsPerCall;
        }
        const take = Math.min(room, remaining);
        batch.items.push({ category: target.category, count: take });
        room -= take;
        remaining -= take;
      }
    }
  }
  if (batches.length > maxGenerationCalls) {
    throw errors.field(
      "body.promptsPerCall",
      "maxCalls",
      `this plan needs ${batches.length} LLM calls; at most ${maxGenerationCalls} are allowed (raise promptsPerCall or lower count)`,
    );
  }
  return {
    targets,
    batches,
    reservationMicrousd: BigInt(batches.length) * generationCallCeilingMicrousd,
  };
}
