import type {
  PromptGeneration as GenerationResponse,
  Language,
  RequestBody,
} from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { newId } from "../../ids.js";
import { promptGenerationJob } from "../../jobs/definitions/prompt-generation-job.js";
import { audit } from "../audit/audit.js";
import { holdCredits } from "../credits/reserve-credits.js";
import { startMeteredJob } from "../metered-jobs/start-metered-job.js";
import type { WorkspaceOperation } from "../operation.js";
import { promptCategories } from "../prompts/prompt-rules.js";
import { defaultPromptsPerCall, planGeneration } from "./plan-generation.js";
import { selectPromptWriter } from "./select-prompt-writer.js";
import { toGenerationResponse } from "./to-generation-response.js";

export interface StartPromptGenerationOptions extends WorkspaceOperation {
  input: RequestBody<"startPromptGeneration">;
}

/**
 * Plans the generation, holds calls x 250,000 micro-USD (402 before anything
 * is written), writes the generation in the same transaction, then queues it.
 */
export async function startPromptGeneration(
  options: StartPromptGenerationOptions,
): Promise<GenerationResponse> {
  const { ctx, workspace, input } = options;
  return startMeteredJob({
    op: options,
    operation: "startPromptGeneration",
    input,
    create: async (tx) => {
      const stored = await tx.workspace.findUniqueOrThrow({
        where: { id: workspace.id },
        select: { languages: true, quotas: true },
      });
      const languages = (input.languages ?? stored.languages) as Language[];
      const foreign = languages.findIndex((l) => !stored.languages.includes(l));
      if (foreign >= 0) {
        throw errors.field(
          `body.languages[${foreign}]`,
          "workspaceLanguage",
          `must be one of the workspace's languages: ${stored.languages.join(", ")}`,
        );
      }
      const plan = planGeneration({
        count: input.count,
        languages,
        categories: input.categories ?? promptCategories,
        quotas: stored.quotas as Record<string, number>,
        promptsPerCall: input.promptsPerCall ?? defaultPromptsPerCall,
      });
      const writer = await selectPromptWriter(ctx, workspace.id, tx);
      if (!writer) {
        throw errors.noEnginesConfigured({ for: "promptGeneration" });
      }
      const id = newId("pgn", ctx.clock);
      const reservation = await holdCredits(tx, ctx, {
        workspaceId: workspace.id,
        operation: "prompt_generation",
        operationId: id,
        estimateMicrousd: plan.reservationMicrousd,
        ttlMs: 6 * 3600_000,
      });
      const row = await tx.promptGeneration.create({
        data: {
          id,
          workspaceId: workspace.id,
          status: "queued",
          generator: writer.id,
          model: writer.model,
          requestedCount: input.count,
          languages,
          targets: plan.targets.map((t) => ({ ...t })),
          batches: plan.batches.map((b) => ({ language: b.language, items: b.items })),
          promptsPerCall: input.promptsPerCall ?? defaultPromptsPerCall,
          callsPlanned: plan.batches.length,
          callsMade: 0,
          callsFailed: 0,
          suggestionCount: 0,
          duplicatesSkipped: 0,
          reservedMicrousd: plan.reservationMicrousd,
          costMicrousd: 0n,
          reservationId: reservation.id,
          idempotencyKey: input.idempotencyKey ?? null,
          createdAt: ctx.clock.now(),
        },
      });
      await audit(options, tx, "prompt_generation.start", ["prompt_generation", id], {
        count: input.count,
        calls: plan.batches.length,
        generator: writer.id,
        reservedMicrousd: Number(plan.reservationMicrousd),
      });
      return {
        id,
        reservationId: reservation.id,
        result: toGenerationResponse(row, workspace.slug),
      };
    },
    replay: async (id) =>
      toGenerationResponse(
        await ctx.prisma.promptGeneration.findUniqueOrThrow({ where: { id } }),
        workspace.slug,
      ),
    enqueue: (generationId) => ctx.queue.enqueue(promptGenerationJob, { generationId }),
    markUnqueued: async (id, now) => {
      await ctx.prisma.promptGeneration.update({
        where: { id },
        data: { status: "failed", error: "The generation could not be queued.", finishedAt: now },
      });
    },
  });
}
