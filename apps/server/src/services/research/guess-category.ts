import type { PromptCategory } from "@geopulse/api-types";

const has = (text: string, word: string) =>
  new RegExp(
    `(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}\\p{N}])`,
    "iu",
  ).test(text);

/**
 * A category for a researched question, from its words: the brand named ->
 * brand_research; a competitor, "vs" or "alternative" -> comparison; "how" /
 * "why" -> problem_solution; "for" a situation -> use_case; "best" / "top" /
 * "which" -> discovery; otherwise expert. The user can change it on accept.
 */
export function guessCategory(text: string, brand: string, competitors: string[]): PromptCategory {
  const lower = text.toLowerCase();
  const comparing =
    /\b(vs\.?|versus|alternatives?|alternativas?|compare|comparison|comparar|comparer)\b/u.test(
      lower,
    );
  if (has(lower, brand.toLowerCase()) && !comparing) return "brand_research";
  if (comparing || competitors.some((c) => has(lower, c.toLowerCase()))) return "comparison";
  if (/^(how|why|what can|cómo|por qué|com |per què|comment|pourquoi)/u.test(lower))
    return "problem_solution";
  if (/\b(best|top|which|recommend|mejor|millor|meilleur)/u.test(lower)) {
    return /\bfor\b|\bpara\b|\bper a\b|\bpour\b/u.test(lower) ? "use_case" : "discovery";
  }
  return "expert";
}
