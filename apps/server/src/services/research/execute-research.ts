import type { Language } from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import { getDomain } from "tldts";
import type { AppContext } from "../../context.js";
import {
  type ResearchFindings,
  type ResearchProvider,
  type ResearchProviderId,
  type ResearchRequest,
  researchCallCeiling,
} from "../../engines/research-provider.js";
import { callWithRetries } from "../../engines/retry/retry-policy.js";
import { newId } from "../../ids.js";
import { LostRace } from "../metered-jobs/lost-race.js";
import {
  type CallOutcome,
  finishMeteredJob,
  runMeteredCalls,
} from "../metered-jobs/run-metered-calls.js";
import { storeSuggestions } from "../prompt-suggestions/store-suggestions.js";
import { guessCategory } from "./guess-category.js";
import { planResearchCalls, type ResearchCall } from "./plan-research.js";
import { researchProvidersFor } from "./select-research-providers.js";
import type { ProviderCalls } from "./to-research-response.js";

export interface ExecuteResearchOptions {
  ctx: AppContext;
  researchId: string;
}

/**
 * Makes the planned calls of a research job in order (the plan is rebuilt
 * from the stored providers, seeds and planned total). Each call's questions,
 * sources and counters are stored in one transaction guarded by the call
 * index, so a resumed job records a call once; then the reservation is
 * settled at the summed cost, exactly once. A call is made only when the
 * credit budget covers its price, and billed at most that; the job reports
 * as its cost what the ledger charged.
 */
export async function executeResearch({ ctx, researchId }: ExecuteResearchOptions): Promise<void> {
  const job = await ctx.prisma.researchJob.findUnique({ where: { id: researchId } });
  if (!job || job.finishedAt) return;
  await ctx.prisma.researchJob.update({
    where: { id: researchId },
    data: { status: "running", startedAt: job.startedAt ?? ctx.clock.now() },
  });
  const workspace = await ctx.prisma.workspace.findUniqueOrThrow({
    where: { id: job.workspaceId },
    include: { competitors: { orderBy: { position: "asc" } } },
  });
  const competitors = workspace.competitors.map((c) => c.name);
  const ids = job.providers as ResearchProviderId[];
  const providers = await researchProvidersFor(
    ctx,
    workspace.id,
    ids,
    workspace.competitors.flatMap((c) => c.domains),
  );
  const planned = (job.calls as unknown as ProviderCalls[]).reduce((n, c) => n + c.planned, 0);
  const plan = planResearchCalls(ids, job.seeds, planned);
  const finished = await runMeteredCalls<ResearchCall, ResearchFindings>({
    ctx,
    reservationId: job.reservationId,
    committedMicrousd: job.costMicrousd,
    calls: plan,
    from: job.callsDone,
    ceiling: (call) => researchCallCeiling(ctx.config.modelCatalog, call.provider),
    work: (call) => {
      const provider = providers.get(call.provider);
      if (!provider) return `The ${call.provider} key is no longer available.`;
      const request: ResearchRequest = {
        seed: call.seed,
        language: job.language as Language,
        brand: workspace.brand,
        competitors,
      };
      return () => ask(ctx, provider, request);
    },
    record: async (tx, call, index, outcome) => {
      const current = await tx.researchJob.findUniqueOrThrow({ where: { id: researchId } });
      if (current.callsDone !== index || current.finishedAt) throw new LostRace();
      const stored =
        "value" in outcome
          ? await storeSuggestions(tx, ctx, {
              workspaceId: workspace.id,
              source: "research",
              researchJobId: researchId,
              provider: call.provider,
              simulated: call.provider === "simulated",
              candidates: outcome.value.questions.map((text) => ({
                text,
                category: guessCategory(text, workspace.brand, competitors),
                language: job.language,
              })),
            })
          : { stored: 0, duplicates: 0 };
      if ("value" in outcome) {
        await recordSources(tx, ctx, researchId, call.provider, outcome.value.sources);
      }
      const cost = outcome.costMicrousd;
      const calls = (current.calls as unknown as ProviderCalls[]).map((c) =>
        c.provider === call.provider
          ? {
              ...c,
              made: c.made + 1,
              failed: c.failed + ("error" in outcome ? 1 : 0),
              costMicrousd: c.costMicrousd + Number(cost),
            }
          : c,
      );
      const updated = await tx.researchJob.updateMany({
        where: { id: researchId, callsDone: index, finishedAt: null },
        data: {
          callsDone: index + 1,
          calls: calls.map((c) => ({ ...c })),
          costMicrousd: { increment: cost },
          suggestionCount: { increment: stored.stored },
          duplicatesSkipped: { increment: stored.duplicates },
          ...("error" in outcome ? { error: outcome.error } : {}),
        },
      });
      if (updated.count !== 1) throw new LostRace();
    },
  });
  if (!finished) return;
  const done = await ctx.prisma.researchJob.findUniqueOrThrow({ where: { id: researchId } });
  const failed = (done.calls as unknown as ProviderCalls[]).reduce((n, c) => n + c.failed, 0);
  await ctx.prisma.researchJob.updateMany({
    where: { id: researchId, finishedAt: null },
    data: await finishMeteredJob(ctx, done, { failed, planned: plan.length }),
  });
}

/** One row per job and URL: its registrable domain, citation count and the providers. */
async function recordSources(
  tx: Prisma.TransactionClient,
  ctx: AppContext,
  researchJobId: string,
  provider: string,
  sources: ResearchFindings["sources"],
): Promise<void> {
  for (const source of sources) {
    let host: string;
    try {
      host = new URL(source.url).hostname;
    } catch {
      continue; // not a URL
    }
    const domain = getDomain(host) ?? host;
    const existing = await tx.researchSource.findUnique({
      where: { researchJobId_url: { researchJobId, url: source.url } },
    });
    if (existing) {
      await tx.researchSource.update({
        where: { id: existing.id },
        data: {
          citations: { increment: 1 },
          title: existing.title ?? source.title,
          providers: existing.providers.includes(provider)
            ? existing.providers
            : [...existing.providers, provider],
        },
      });
    } else {
      await tx.researchSource.create({
        data: {
          id: newId("rsc", ctx.clock),
          researchJobId,
          url: source.url,
          domain,
          title: source.title,
          citations: 1,
          providers: [provider],
          createdAt: ctx.clock.now(),
        },
      });
    }
  }
}

async function ask(
  ctx: AppContext,
  provider: ResearchProvider,
  request: ResearchRequest,
): Promise<CallOutcome<ResearchFindings>> {
  const outcome = await callWithRetries({
    clock: ctx.clock,
    random: ctx.random,
    call: () => provider.research(request),
  });
  return outcome.ok
    ? { value: outcome.value, costMicrousd: outcome.value.costMicrousd }
    : { error: outcome.error, costMicrousd: 0n };
}
