import type { Language } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { EngineErrorWithCost } from "../../engines/openai/openai-prompt-writer.js";
import type {
  PromptWriter,
  PromptWriterRequest,
  PromptWriterResult,
} from "../../engines/prompt-writer.js";
import { callWithRetries } from "../../engines/retry/retry-policy.js";
import { openCreditBudget } from "../credits/credit-budget.js";
import { settleOnce } from "../credits/settle-once.js";
import { LostRace } from "../metered-jobs/lost-race.js";
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
  const budget = await openCreditBudget({
    ctx,
    reservationId: generation.reservationId,
    committedMicrousd: generation.costMicrousd,
  });
  for (let index = generation.callsMade; index < batches.length; index++) {
    const batch = batches[index];
    if (!batch) break;
    const avoid = await existingTexts(ctx, workspace.id, batch.language);
    const paid = writer
      ? await budget.payFor(
          generationCallCeilingMicrousd,
          () =>
            write(ctx, writer, {
              language: batch.language,
              items: batch.items,
              brand: workspace.brand,
              profile: toBrandProfile(workspace.brandProfile),
              competitors: workspace.competitors.map((c) => c.name),
              avoid,
              seed: `${generationId}:${index}`,
            }),
          (o) => o.costMicrousd,
        )
      : { result: { error: "The OpenAI key is no longer available." }, billedMicrousd: 0n };
    const outcome: WriteOutcome = paid
      ? { ...paid.result, costMicrousd: paid.billedMicrousd }
      : { error: budget.stopReason ?? "insufficient_credits", costMicrousd: 0n };
    try {
      await ctx.prisma.$transaction(async (tx) => {
        const stored =
          "prompts" in outcome
            ? await storeSuggestions(tx, ctx, {
                workspaceId: workspace.id,
                source: "generation",
                generationId,
                provider: generation.generator,
                simulated: generation.generator === "simulated",
                candidates: outcome.prompts.map((p) => ({ ...p, language: batch.language })),
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
      });
    } catch (error) {
      if (error instanceof LostRace) return; // another worker recorded this call
      throw error;
    }
  }
  const done = await ctx.prisma.promptGeneration.findUniqueOrThrow({ where: { id: generationId } });
  const status =
    done.callsFailed === 0
      ? "succeeded"
      : done.callsFailed >= done.callsPlanned
        ? "failed"
        : "partial";
  const charged = done.reservationId
    ? (await settleOnce(ctx, done.reservationId, done.costMicrousd)).chargedMicrousd
    : 0n;
  await ctx.prisma.promptGeneration.updateMany({
    where: { id: generationId, finishedAt: null },
    data: {
      status,
      costMicrousd: charged,
      finishedAt: ctx.clock.now(),
      ...(status === "succeeded" ? { error: null } : {}),
    },
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

type WriteOutcome = PromptWriterResult | { error: string; costMicrousd: bigint };

async function write(
  ctx: AppContext,
  writer: PromptWriter,
  request: PromptWriterRequest,
): Promise<WriteOutcome> {
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
  return { ...outcome.value, costMicrousd: outcome.value.costMicrousd + billed };
}
