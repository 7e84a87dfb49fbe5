import type { Schemas } from "./api";

type Category = Schemas["PromptCategory"];

/** The six categories in the order of the workspace's quotas, with their names in words. */
export const categories: ReadonlyArray<[Category, string]> = [
  ["discovery", "Discovery"],
  ["problem_solution", "Problem and solution"],
  ["use_case", "Use case"],
  ["comparison", "Comparison"],
  ["expert", "Expert"],
  ["brand_research", "Brand research"],
];

export function categoryLabel(category: string): string {
  return categories.find(([value]) => value === category)?.[1] ?? category;
}

/** What an import sends: a CSV file's text as it is, or pasted lines as JSON prompts. */
export type ImportBody =
  | { kind: "csv"; csv: string }
  | { kind: "json"; prompts: Schemas["PromptCreate"][] };

const csvHeader = /^\s*text\s*,\s*category\s*,\s*language/i;

/**
 * Reads what a person pasted or chose: text starting with the CSV header goes to the server
 * as CSV (it checks every row); anything else is one prompt per non-empty line, in the chosen
 * category and language.
 */
export function importBody(
  text: string,
  category: Category,
  language: Schemas["Language"],
): ImportBody {
  if (csvHeader.test(text)) return { kind: "csv", csv: text };
  const prompts = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => ({ text: line, category, language }));
  return { kind: "json", prompts };
}

/** Words for an import's result: what was stored, skipped and stored inactive. */
export function describeImport(result: Schemas["PromptImportResult"]): string {
  const parts = [`${result.created} imported`, `${result.skipped} skipped as repeats`];
  if (result.deactivated > 0)
    parts.push(`${result.deactivated} stored inactive because the active set is full`);
  return `${parts.join(", ")}.`;
}

/** A daily cron expression at a local time ("06:30" → "30 6 * * *"). */
export function dailyCron(time: string): string {
  const [hour = "0", minute = "0"] = time.split(":");
  return `${Number(minute)} ${Number(hour)} * * *`;
}

/** The local time of a daily cron expression ("30 6 * * *" → "06:30"), or null if not daily. */
export function timeOfDailyCron(cron: string | null): string | null {
  const match = cron ? /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron.trim()) : null;
  if (!match) return null;
  const [, minute = "0", hour = "0"] = match;
  return `${hour.padStart(2, "0")}:${minute.padStart(2, "0")}`;
}
