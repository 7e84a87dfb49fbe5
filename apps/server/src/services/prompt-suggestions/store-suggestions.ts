import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { newId } from "../../ids.js";
import { promptText, promptTextKey } from "../prompts/prompt-rules.js";

export interface SuggestionCandidate {
  text: string;
  category: string;
  language: string;
  /** What the candidate came from (Search Console figures), stored with it. */
  evidence?: Prisma.InputJsonValue;
}

export interface StoreSuggestionsOptions {
  workspaceId: string;
  source: "generation" | "research" | "search_console";
  generationId?: string;
  researchJobId?: string;
  provider: string;
  simulated: boolean;
  candidates: SuggestionCandidate[];
}

/**
 * Stores candidates as pending suggestions, dropping those whose text (as
 * prompts compare it) repeats a prompt, a pending suggestion or an earlier
 * candidate of the same language.
 */
export async function storeSuggestions(
  tx: Prisma.TransactionClient,
  ctx: AppContext,
  options: StoreSuggestionsOptions,
): Promise<{ stored: number; duplicates: number; ids: string[] }> {
  const candidates = options.candidates
    .map((c) => ({ ...c, text: promptText(c.text), textKey: promptTextKey(c.text) }))
    .filter((c) => c.text.length >= 3 && c.text.length <= 500);
  const keys = [...new Set(candidates.map((c) => c.textKey))];
  const [prompts, pending] = await Promise.all([
    tx.prompt.findMany({
      where: { workspaceId: options.workspaceId, textKey: { in: keys } },
      select: { language: true, textKey: true },
    }),
    tx.promptSuggestion.findMany({
      where: { workspaceId: options.workspaceId, status: "pending", textKey: { in: keys } },
      select: { language: true, textKey: true },
    }),
  ]);
  const taken = new Set([...prompts, ...pending].map((p) => `${p.language}\n${p.textKey}`));
  const now = ctx.clock.now();
  const rows: Prisma.PromptSuggestionCreateManyInput[] = [];
  for (const c of candidates) {
    const key = `${c.language}\n${c.textKey}`;
    if (taken.has(key)) continue;
    taken.add(key);
    rows.push({
      id: newId("sug", ctx.clock),
      workspaceId: options.workspaceId,
      source: options.source,
      generationId: options.generationId ?? null,
      researchJobId: options.researchJobId ?? null,
      provider: options.provider,
      simulated: options.simulated,
      text: c.text,
      textKey: c.textKey,
      category: c.category,
      language: c.language,
      ...(c.evidence === undefined ? {} : { evidence: c.evidence }),
      status: "pending",
      createdAt: now,
    });
  }
  if (rows.length > 0) await tx.promptSuggestion.createMany({ data: rows });
  return {
    stored: rows.length,
    duplicates: options.candidates.length - rows.length,
    ids: rows.map((r) => r.id),
  };
}
