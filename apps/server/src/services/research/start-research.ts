import type {
  Language,
  RequestBody,
  ResearchProvider as ResearchProviderName,
  ResearchJob as ResearchResponse,
} from "@geopulse/api-types";
import { researchCallCeiling } from "../../engines/research-provider.js";
import { errors } from "../../errors/app-error.js";
import { newId } from "../../ids.js";
import { researchJob } from "../../jobs/definitions/research-job.js";
import { audit } from "../audit/audit.js";
import { holdCredits } from "../credits/reserve-credits.js";
import { startMeteredJob } from "../metered-jobs/start-metered-job.js";
import type { WorkspaceOperation } from "../operation.js";
import { toBrandProfile } from "../workspace-config/brand-profile.js";
import {
  defaultResearchCalls,
  defaultSeeds,
  planResearchCalls,
  researchProviderCaps,
} from "./plan-research.js";
import { withSources } from "./read-research.js";
import { selectResearchProviders } from "./select-research-providers.js";
import { type ProviderCalls, toResearchResponse } from "./to-research-response.js";

const allProviders: ResearchProviderName[] = ["exa", "perplexity", "search_console"];

export interface StartResearchOptions extends WorkspaceOperation {
  input: RequestBody<"startResearch">;
}

/**
 * Chooses the providers, plans the calls within the caps, holds their price
 * (402 before anything is written), writes the job in the same transaction,
 * then queues it.
 */
export async function startResearch(options: StartResearchOptions): Promise<ResearchResponse> {
  const { ctx, workspace, input } = options;
  return startMeteredJob({
    op: options,
    operation: "startResearch",
    input,
    create: async (tx) => {
      const stored = await tx.workspace.findUniqueOrThrow({
        where: { id: workspace.id },
        include: { competitors: { orderBy: { position: "asc" } } },
      });
      const language = (input.language ?? stored.languages[0] ?? "en") as Language;
      if (!stored.languages.includes(language)) {
        throw errors.invalidRequest(
          [
            {
              field: "body.language",
              rule: "workspaceLanguage",
              message: `must be one of the workspace's languages: ${stored.languages.join(", ")}`,
            },
          ],
          "The language is not one of the workspace's.",
        );
      }
      const seeds =
        input.seeds?.map((s) => s.trim()) ??
        defaultSeeds(
          stored.brand,
          toBrandProfile(stored.brandProfile).category,
          stored.competitors.map((c) => c.name),
        );
      const selection = await selectResearchProviders(
        ctx,
        workspace.id,
        input.providers ?? allProviders,
        stored.competitors.flatMap((c) => c.domains),
        tx,
      );
      if (selection.providers.length === 0) {
        throw errors.noEnginesConfigured({
          for: "research",
          skippedProviders: selection.skipped,
        });
      }
      const ids = selection.providers.map((p) => p.id);
      const plan = planResearchCalls(ids, seeds, input.maxCalls ?? defaultResearchCalls);
      const calls: ProviderCalls[] = ids.map((provider) => ({
        provider,
        cap: researchProviderCaps[provider],
        planned: plan.filter((c) => c.provider === provider).length,
        made: 0,
        failed: 0,
        costMicrousd: 0,
      }));
      const reserved = plan.reduce(
        (sum, c) => sum + researchCallCeiling(ctx.config.modelCatalog, c.provider),
        0n,
      );
      const id = newId("rsj", ctx.clock);
      const reservation =
        reserved > 0n
          ? await holdCredits(tx, ctx, {
              workspaceId: workspace.id,
              operation: "research",
              operationId: id,
              estimateMicrousd: reserved,
              ttlMs: 6 * 3600_000,
            })
          : undefined;
      const row = await tx.researchJob.create({
        data: {
          id,
          workspaceId: workspace.id,
          status: "queued",
          providers: ids,
          skippedProviders: selection.skipped,
          simulated: selection.simulated,
          language,
          seeds,
          calls: calls.map((c) => ({ ...c })),
          callsDone: 0,
          suggestionCount: 0,
          duplicatesSkipped: 0,
          reservedMicrousd: reserved,
          costMicrousd: 0n,
          reservationId: reservation?.id ?? null,
          idempotencyKey: input.idempotencyKey ?? null,
          createdAt: ctx.clock.now(),
        },
      });
      await audit(options, tx, "research.start", ["research_job", id], {
        providers: ids,
        calls: plan.length,
        reservedMicrousd: Number(reserved),
      });
      return {
        id,
        reservationId: reservation?.id ?? null,
        // A new job has no sources yet.
        result: toResearchResponse(row, workspace.slug, [], 0),
      };
    },
    replay: async (id) =>
      withSources(
        ctx,
        await ctx.prisma.researchJob.findUniqueOrThrow({ where: { id } }),
        workspace.slug,
      ),
    enqueue: (researchId) => ctx.queue.enqueue(researchJob, { researchId }),
    markUnqueued: async (id, now) => {
      await ctx.prisma.researchJob.update({
        where: { id },
        data: { status: "failed", error: "The research could not be queued.", finishedAt: now },
      });
    },
  });
}
