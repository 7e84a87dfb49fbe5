import type { Language, PromptCategory, Prompt as PromptResponse } from "@geopulse/api-types";
import type { Prisma, Prompt } from "@geopulse/db";
import type { Clock } from "../../clock.js";
import { errors, type FieldError } from "../../errors/app-error.js";
import { newId } from "../../ids.js";

export const promptIdPrefix = "prm";
export function newPromptId(clock: Clock): string {
  return newId(promptIdPrefix, clock);
}

export const promptCategories: PromptCategory[] = [
  "discovery",
  "problem_solution",
  "use_case",
  "comparison",
  "expert",
  "brand_research",
];

/** The stored text: trimmed. */
export const promptText = (text: string) => text.trim();

/** One prompt per text and language: lower-cased, whitespace collapsed. */
export const promptTextKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

export const minTextLength = 3;

/** The text (trimmed) and language (the workspace's) rules, as field errors. */
export function promptFieldProblems(
  at: string,
  input: { text?: string | undefined; language?: string | undefined },
  languages: string[],
): FieldError[] {
  const problems: FieldError[] = [];
  if (input.text !== undefined && promptText(input.text).length < minTextLength) {
    problems.push({
      field: `${at}.text`,
      rule: "minLength",
      message: `must have at least ${minTextLength} characters besides leading and trailing spaces`,
    });
  }
  if (input.language !== undefined && !languages.includes(input.language)) {
    problems.push({
      field: `${at}.language`,
      rule: "workspaceLanguage",
      message: `must be one of the workspace's languages: ${languages.join(", ")}`,
    });
  }
  return problems;
}

export function checkPromptFields(
  input: { text?: string | undefined; language?: string | undefined },
  languages: string[],
): void {
  const problems = promptFieldProblems("body", input, languages);
  if (problems.length > 0) throw errors.invalidRequest(problems);
}

/** 409 active_set_full unless one more prompt fits in the active set. */
export async function checkRoomForOne(
  tx: Prisma.TransactionClient,
  workspace: { id: string; activeSetSize: number },
): Promise<void> {
  const activeCount = await tx.prompt.count({ where: { workspaceId: workspace.id, active: true } });
  if (activeCount >= workspace.activeSetSize) {
    throw errors.activeSetFull(workspace.activeSetSize, activeCount);
  }
}

/** The workspace's prompt, or 404 not_found (also for another workspace's id). */
export async function findPrompt(
  db: Prisma.TransactionClient,
  workspaceId: string,
  promptId: string,
): Promise<Prompt> {
  const prompt = await db.prompt.findFirst({ where: { id: promptId, workspaceId } });
  if (!prompt) throw errors.notFound("Prompt");
  return prompt;
}

export function toPromptResponse(prompt: Prompt): PromptResponse {
  return {
    promptId: prompt.id,
    text: prompt.text,
    category: prompt.category as PromptCategory,
    language: prompt.language as Language,
    region: prompt.region,
    tags: prompt.tags,
    active: prompt.active,
    source: prompt.source as PromptResponse["source"],
    createdAt: prompt.createdAt.toISOString(),
    updatedAt: prompt.updatedAt.toISOString(),
  };
}
