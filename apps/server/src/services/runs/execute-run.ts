import type { AppContext } from "../../context.js";
import type { AnswerEngine, EngineContext, EngineId } from "../../engines/engine.js";
import type { ProviderLimiter } from "../../engines/limits/provider-limiter.js";
import {
  answerCeilingMicrousd,
  maxOutputTokensFor,
  maxSearchesFor,
} from "../../engines/pricing.js";
import { AppError } from "../../errors/app-error.js";
import { yieldToEventLoop } from "../analysis/cpu-slices.js";
import { openCreditBudget } from "../credits/credit-budget.js";
import { leaseCredits } from "../credits/lease-credits.js";
import { readSearchLocation } from "../workspace-config/search-location.js";
import { type AskOutcome, askEngine } from "./ask-engine.js";
import { buildEngine } from "./build-engine.js";
import { takeExecutorLease } from "./executor-lease.js";
import { finishRun } from "./finish-run.js";
import { insertRemainingTasks, storedTaskPlan } from "./insert-run-tasks.js";
import type { TaskOutcome } from "./record-answers.js";
import { RunRecorder } from "./run-recorder.js";
import { taskCollection } from "./task-collection.js";
import { type RunTask, TaskFeed } from "./task-feed.js";

// Answers between leases: each is a ledger entry the customer reads, and a transaction.
const leaseEvery = 250;

export interface ExecuteRunOptions {
  ctx: AppContext;
  runId: string;
}

/**
 * Asks every pending task of a run within each provider's limits, records
 * each answer as it comes, leases its cost in batches, and finishes the run.
 * A task is asked only once the run's credit budget covers its ceiling (the
 * reservation, extended from the balance if need be); when it cannot, the
 * run stops asking and the remaining tasks fail with `insufficient_credits`.
 * An answer is billed its engine's cost capped at its ceiling.
 * Safe to run again after a crash: only pending tasks are asked, an answer is
 * recorded once, and taking the run fences off the executor it replaces
 * (which stops before its next task and never finishes the run).
 */
export async function executeRun({ ctx, runId }: ExecuteRunOptions): Promise<void> {
  const run = await ctx.prisma.run.findUnique({ where: { id: runId } });
  if (!run || run.finishedAt) return;
  const executor = await takeExecutorLease(ctx, runId, run.startedAt);
  if (!executor) return;
  try {
    const workspace = await ctx.prisma.workspace.findUniqueOrThrow({
      where: { id: run.workspaceId },
      include: { competitors: { orderBy: { position: "asc" } } },
    });
    const tasks = await readPendingTasks(ctx, runId);
    // Tasks not written yet (the start writes only the first chunk): the run's plan, kept
    // until every task is written, names them; they are written below while the lanes ask.
    const plan = storedTaskPlan(run.taskPlan);
    const prompts = new Map(
      (
        await ctx.prisma.prompt.findMany({
          where: {
            id: { in: [...new Set([...tasks.map((t) => t.promptId), ...(plan?.promptIds ?? [])])] },
          },
          select: { id: true, text: true, category: true, language: true, region: true },
        })
      ).map((p) => [p.id, p]),
    );
    const engines = new Map<string, AnswerEngine>();
    for (const id of run.engines) {
      const engine = await buildEngine(ctx, run.workspaceId, id as EngineId);
      if (engine) engines.set(id, engine);
    }
    const base: Omit<EngineContext, "language" | "region"> = {
      brand: workspace.brand,
      brandDomains: workspace.domains,
      searchLocation: readSearchLocation(workspace.searchLocation),
      competitors: workspace.competitors.map((c) => ({
        name: c.name,
        domains: c.domains,
        aliases: c.aliases,
      })),
    };

    // What the answers recorded so far were billed, read after taking the run.
    const { costMicrousd: recorded } = await ctx.prisma.run.findUniqueOrThrow({
      where: { id: runId },
      select: { costMicrousd: true },
    });
    const budget = await openCreditBudget({
      ctx,
      reservationId: run.reservationId,
      committedMicrousd: recorded,
    });

    let unleased = 0n;
    let sinceLease = 0;
    const lease = async () => {
      if (unleased === 0n || !run.reservationId) return;
      const amount = unleased;
      unleased = 0n;
      sinceLease = 0;
      try {
        await leaseCredits({ ctx, reservationId: run.reservationId, amountMicrousd: amount });
      } catch (error) {
        // Settlement charges what it still can; the run stops asking.
        if (!(error instanceof AppError)) throw error;
        budget.exhaust(`insufficient_credits: ${error.message}`);
      }
    };
    const recorder = new RunRecorder({
      ctx,
      run,
      onBatch: async (batch) => {
        executor.observe(batch);
        unleased += batch.costMicrousd;
        sinceLease += batch.recorded;
        if (sinceLease >= leaseEvery) await lease();
      },
    });
    const stopped = () => !executor.state.held || executor.state.cancelRequested;

    /** One task asked (or why it was not), its citations' redirects not resolved yet. */
    const askTask = async (
      task: RunTask,
      engineId: string,
      limiter: ProviderLimiter,
    ): Promise<AskOutcome> => {
      const prompt = prompts.get(task.promptId);
      const engine = engines.get(engineId);
      const ceiling =
        engineId === "simulated" || ctx.config.modelCatalog.find(engineId, task.model)
          ? prompt &&
            answerCeilingMicrousd(
              ctx.config.modelCatalog,
              engineId as EngineId,
              task.model,
              prompt.text,
            )
          : undefined;
      if (!prompt || !engine)
        return { error: `No connector for ${engineId} is available.`, attempts: 0 };
      // Planned with a model the catalog has since dropped: nothing is asked or billed.
      if (ceiling === undefined)
        return {
          error: `The model catalog lists no ${engineId} model "${task.model}".`,
          attempts: 0,
        };
      const paid = await budget.payFor(
        ceiling,
        () =>
          askEngine(ctx, engine, limiter, {
            prompt: prompt.text,
            model: task.model,
            seed: `${runId}:${task.promptId}:${engineId}:${task.repetition}`,
            context: { ...base, language: prompt.language, region: prompt.region },
            maxOutputTokens: maxOutputTokensFor(engineId as EngineId),
            maxSearches: maxSearchesFor(engineId as EngineId),
            collection: taskCollection(ctx, task.id),
            signal: executor.signal,
          }),
        (asked) => ("answer" in asked ? asked.answer.costMicrousd : 0n),
      );
      if (!paid) return { error: budget.stopReason ?? "insufficient_credits", attempts: 0 };
      return "answer" in paid.result
        ? { ...paid.result, answer: { ...paid.result.answer, costMicrousd: paid.billedMicrousd } }
        : paid.result;
    };
    /** What the recorder stores for a task, once its citations' redirects are resolved. */
    const recordable = async (task: RunTask, asked: AskOutcome): Promise<TaskOutcome> => {
      const prompt = prompts.get(task.promptId);
      return {
        responseId: task.id,
        engine: task.engine,
        promptId: task.promptId,
        prompt: {
          category: prompt?.category ?? "discovery",
          language: prompt?.language ?? "en",
          region: prompt?.region ?? null,
        },
        outcome:
          "answer" in asked
            ? {
                ...asked,
                answer: {
                  ...asked.answer,
                  citations: await ctx.citationRedirects.resolve(asked.answer.citations),
                },
              }
            : asked,
      };
    };
    /** Asks the feed's tasks, each engine's within its limiter, until the feed ends or the run stops. */
    const askAll = (feed: TaskFeed) =>
      Promise.all(
        [...new Set([...run.engines, ...feed.engines()])].map(async (engineId) => {
          const limiter = ctx.engineLimiters.for(engineId as EngineId);
          // One lane per slot: the limiter, shared with other runs, decides who goes.
          const lanes = Array.from({ length: limiter.limit.concurrency }, async () => {
            for (
              let task = await feed.next(engineId);
              task && !stopped();
              task = await feed.next(engineId)
            ) {
              // Each question in a turn of the event loop of its own: lanes woken together (a
              // recorded batch releasing them, answers arriving at once) would otherwise build
              // their requests in one synchronous stretch while requests wait.
              await yieldToEventLoop();
              if (stopped()) break;
              const asked = await askTask(task, engineId, limiter);
              // A task the stop interrupted stays pending, as those never asked do.
              if (stopped() && "error" in asked) break;
              // Redirects (Gemini's citations) resolve while the lane asks its next task; the
              // recorder waits for them (its back-pressure bounds how many are outstanding).
              await recorder.add(recordable(task, asked));
            }
          });
          await Promise.all(lanes);
        }),
      );

    const feed = new TaskFeed(tasks);
    const writing = plan
      ? insertRemainingTasks({
          ctx,
          run,
          plan,
          from: 0,
          stopped,
          onWritten: (rows) => feed.add(rows),
        })
          .then(() => feed.end())
          .catch((error: unknown) => feed.end(error))
      : feed.end();
    await askAll(feed);
    await writing;
    await recorder.close();
    // Tasks still pending that this executor was never handed: written by the executor it
    // replaced in the instant between their chunk's statement and its own. Asked now.
    if (feed.failure === undefined && !stopped()) {
      const left = new TaskFeed(await readPendingTasks(ctx, runId));
      left.end();
      await askAll(left);
      await recorder.close();
    }
    await lease();
    // A replaced executor leaves the run to the one that took it over.
    if (!(await executor.refresh()).held) return;
    // Writing the tasks failed: the job is retried, and its executor writes and asks the rest.
    if (feed.failure !== undefined) throw feed.failure;
    await finishRun(ctx, runId);
  } finally {
    executor.end();
  }
}

/** Pending tasks read per statement: a standard run's 3,000 at once held the embedded database ~60 ms. */
const TASK_PAGE = 500;

/** The run's pending tasks in id order, a page per statement, only the columns asking needs. */
async function readPendingTasks(ctx: AppContext, runId: string): Promise<RunTask[]> {
  const tasks: RunTask[] = [];
  for (let after: string | undefined; ; ) {
    const page = await ctx.prisma.engineResponse.findMany({
      where: { runId, status: "pending", ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: "asc" },
      take: TASK_PAGE,
      select: { id: true, promptId: true, engine: true, model: true, repetition: true },
    });
    tasks.push(...page);
    after = page.at(-1)?.id;
    if (page.length < TASK_PAGE || after === undefined) return tasks;
  }
}
