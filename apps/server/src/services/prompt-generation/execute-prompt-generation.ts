import type { Language } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { EngineErrorWithCost } from "../../engines/openai/openai-prompt-writer.js";
import type {
  PromptWriter,
  PromptWriterRequest,
  PromptWriterResult,
} from "../../engines/prompt-writer.js";
import { callWithRetries } from "../../engines/retry/retry-policy.js";
import { LostRace } from "../metered-jobs/lost-race.js";
import {
  type CallOutcome,
  finishMeteredJob,
  runMeteredCalls,
} from "../metered-jobs/run-metered-calls.js";
import { storeSuggestions } from "../prompt-suggestions/store-suggestions.js";
import { toBrandProfile } from "../workspace-config/brand-profile.js";
import { type GenerationBatch, generationCallCeilingMicrousd } from "./plan-generation.js";
import { selectPromptWriter } from "./select-prompt-writer.js";

/** Existing texts passed to the writer to avoid, most recent first. */
const maxAvoid = 200;

export interface ExecutePromptGenerationOptions {
  ctx: AppContext;
  generationId: string;
}

/**
 * Makes the remaining LLM calls of a generation in order, storing each
 * call's prompts as suggestions together with the call's counters (one
 * transaction, guarded by the call index so a call is recorded once), then
 * settles the reservation at the summed cost, exactly once. A call is made
 * only when the credit budget covers its ceiling, and billed at most that;
 * the generation reports as its cost what the ledger charged.
 */
export async function executePromptGeneration({
  ctx,
  generationId,
}: ExecutePromptGenerationOptions): Promise<void> {
  const generation = await ctx.prisma.promptGeneration.findUnique({ where: { id: generationId } });
  if (!generation || generation.finishedAt) return;
  await ctx.prisma.promptGeneration.update({
    where: { id: generationId },
    data: { status: "running", startedAt: generation.startedAt ?? ctx.clock.now() },
  });
  const workspace = await ctx.prisma.workspace.findUniqueOrThrow({
    where: { id: generation.workspaceId },
    include: { competitors: { orderBy: { position: "asc" } } },
  });
  const writer = await selectPromptWriter(
    ctx,
    workspace.id,
    ctx.prisma,
    generation.generator as "openai" | "simulated",
  );
  const batches = generation.batches as unknown as GenerationBatch[];
  const finished = await runMeteredCalls<GenerationBatch, PromptWriterResult>({
    ctx,
    reservationId: generation.reservationId,
    committedMicrousd: generation.costMicrousd,
    calls: batches,
    from: generation.callsMade,
    ceiling: () => generationCallCeilingMicrousd,
    work: (batch, index) =>
      writer
        ? async () =>
            write(ctx, writer, {
              language: batch.language,
              items: batch.items,
              brand: workspace.brand,
              profile: toBrandProfile(workspace.brandProfile),
              competitors: workspace.competitors.map((c) => c.name),
              avoid: await existingTexts(ctx, workspace.id, batch.language),
              seed: `${generationId}:${index}`,
            })
        : "The OpenAI key is no longer available.",
    record: async (tx, batch, index, outcome) => {
      const stored =
        "value" in outcome
          ? await storeSuggestions(tx, ctx, {
              workspaceId: workspace.id,
              source: "generation",
              generationId,
              provider: generation.generator,
              simulated: generation.generator === "simulated",
              candidates: outcome.value.prompts.map((p) => ({ ...p, language: batch.language })),
            })
          : { stored: 0, duplicates: 0 };
      const updated = await tx.promptGeneration.updateMany({
        where: { id: generationId, callsMade: index, finishedAt: null },
        data: {
          callsMade: index + 1,
          callsFailed: { increment: "error" in outcome ? 1 : 0 },
          costMicrousd: { increment: outcome.costMicrousd },
          suggestionCount: { increment: stored.stored },
          duplicatesSkipped: { increment: stored.duplicates },
          ...("error" in outcome ? { error: outcome.error } : {}),
        },
      });
      if (updated.count !== 1) throw new LostRace();
    },
  });
  if (!finished) return;
  const done = await ctx.prisma.promptGeneration.findUniqueOrThrow({ where: { id: generationId } });
  await ctx.prisma.promptGeneration.updateMany({
    where: { id: generationId, finishedAt: null },
    data: await finishMeteredJob(ctx, done, {
      failed: done.callsFailed,
      planned: done.callsPlanned,
    }),
  });
}

async function existingTexts(ctx: AppContext, workspaceId: string, language: Language) {
  const [prompts, pending] = await Promise.all([
    ctx.prisma.prompt.findMany({
      where: { workspaceId, language },
      orderBy: { id: "desc" },
      take: maxAvoid,
      select: { text: true },
    }),
    ctx.prisma.promptSuggestion.findMany({
      where: { workspaceId, language, status: "pending" },
      orderBy: { id: "desc" },
      take: maxAvoid,
      select: { text: true },
    }),
  ]);
  return [...prompts, ...pending].map((p) => p.text).slice(0, maxAvoid);
}

async function write(
  ctx: AppContext,
  writer: PromptWriter,
  request: PromptWriterRequest,
): Promise<CallOutcome<PromptWriterResult>> {
  let billed = 0n;
  const outcome = await callWithRetries({
    clock: ctx.clock,
    random: ctx.random,
    call: () => writer.write(request),
    onFailure: (error) => {
      if (error instanceof EngineErrorWithCost) billed += error.costMicrousd;
    },
  });
  if (!outcome.ok) return { error: outcome.error, costMicrousd: billed };
  return { value: outcome.value, costMicrousd: outcome.value.costMicrousd + billed };
}
