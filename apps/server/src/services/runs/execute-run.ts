import type { AppContext } from "../../context.js";
import {
  type AnswerEngine,
  type EngineAnswer,
  type EngineContext,
  EngineError,
  type EngineId,
  type EngineRequest,
} from "../../engines/engine.js";
import { buildRealEngine } from "../../engines/select-engines.js";
import { createSimulatedEngine } from "../../engines/simulated/simulated-engine.js";
import { leaseCredits } from "../credits/lease-credits.js";
import { finishRun } from "./finish-run.js";
import { recordAnswer } from "./record-answer.js";

const maxAttempts = 3;
const concurrencyPerEngine: Record<string, number> = { simulated: 8 };
const leaseEvery = 25;

export interface ExecuteRunOptions {
  ctx: AppContext;
  runId: string;
}

/**
 * Asks every pending task of a run, a bounded number at a time per engine,
 * records each answer as it comes, leases its cost in batches, and finishes
 * the run. Safe to run again after a crash: only pending tasks are asked, and
 * an answer is recorded once.
 */
export async function executeRun({ ctx, runId }: ExecuteRunOptions): Promise<void> {
  const run = await ctx.prisma.run.findUnique({ where: { id: runId } });
  if (!run || run.finishedAt) return;
  await ctx.prisma.run.updateMany({
    where: { id: runId, finishedAt: null },
    data: { status: "running", startedAt: run.startedAt ?? ctx.clock.now() },
  });
  const workspace = await ctx.prisma.workspace.findUniqueOrThrow({
    where: { id: run.workspaceId },
    include: { competitors: { orderBy: { position: "asc" } } },
  });
  const tasks = await ctx.prisma.engineResponse.findMany({
    where: { runId, status: "pending" },
    orderBy: { id: "asc" },
  });
  const prompts = new Map(
    (
      await ctx.prisma.prompt.findMany({
        where: { id: { in: [...new Set(tasks.map((t) => t.promptId))] } },
      })
    ).map((p) => [p.id, p]),
  );
  const engines = new Map<string, AnswerEngine>();
  for (const id of run.engines) {
    const engine =
      id === "simulated"
        ? (ctx.simulatedEngine ?? createSimulatedEngine())
        : await buildRealEngine(ctx, run.workspaceId, id as EngineId);
    if (engine) engines.set(id, engine);
  }
  const base: Omit<EngineContext, "language" | "region"> = {
    brand: workspace.brand,
    brandDomains: workspace.domains,
    competitors: workspace.competitors.map((c) => ({
      name: c.name,
      domains: c.domains,
      aliases: c.aliases,
    })),
  };

  let unleased = 0n;
  let sinceLease = 0;
  let cancelled = false;
  const lease = async () => {
    if (unleased === 0n || !run.reservationId) return;
    const amount = unleased;
    unleased = 0n;
    sinceLease = 0;
    await leaseCredits({ ctx, reservationId: run.reservationId, amountMicrousd: amount });
  };

  const byEngine = new Map<string, typeof tasks>();
  for (const task of tasks) byEngine.set(task.engine, [...(byEngine.get(task.engine) ?? []), task]);
  await Promise.all(
    [...byEngine].map(async ([engineId, queue]) => {
      const lanes = Array.from({ length: concurrencyPerEngine[engineId] ?? 4 }, async () => {
        for (let task = queue.shift(); task && !cancelled; task = queue.shift()) {
          if (
            (
              await ctx.prisma.run.findUnique({
                where: { id: runId },
                select: { cancelRequestedAt: true },
              })
            )?.cancelRequestedAt
          ) {
            cancelled = true;
            return;
          }
          const prompt = prompts.get(task.promptId);
          const engine = engines.get(engineId);
          if (!prompt || !engine) {
            await recordAnswer({
              ctx,
              runId,
              responseId: task.id,
              outcome: { error: `No connector for ${engineId} is available.`, attempts: 0 },
            });
            continue;
          }
          const outcome = await ask(ctx, engine, {
            prompt: prompt.text,
            model: task.model,
            seed: `${runId}:${task.promptId}:${engineId}:${task.repetition}`,
            context: { ...base, language: prompt.language, region: prompt.region },
          });
          const recorded = await recordAnswer({ ctx, runId, responseId: task.id, outcome });
          if (recorded && "answer" in outcome) {
            unleased += outcome.answer.costMicrousd;
            if (++sinceLease >= leaseEvery) await lease();
          }
        }
      });
      await Promise.all(lanes);
    }),
  );
  await lease().catch(() => undefined); // settlement charges whatever the lease could not
  await finishRun(ctx, runId);
}

type AskOutcome =
  | { answer: EngineAnswer; latencyMs: number; attempts: number }
  | { error: string; attempts: number };

async function ask(
  ctx: AppContext,
  engine: AnswerEngine,
  request: EngineRequest,
): Promise<AskOutcome> {
  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    try {
      const answer = await engine.ask(request);
      return { answer, latencyMs: Math.round(performance.now() - started), attempts: attempt };
    } catch (error) {
      const retryable = error instanceof EngineError && error.retryable;
      if (!retryable || attempt >= maxAttempts) {
        return { error: error instanceof Error ? error.message : String(error), attempts: attempt };
      }
      const wait =
        error.retryAfterSeconds !== undefined
          ? error.retryAfterSeconds * 1000
          : 500 * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
      await ctx.clock.sleep(wait);
    }
  }
}
