import type { AppContext } from "../../context.js";
import { newId } from "../../ids.js";

/**
 * The right of one executor to work on a run. Taking it fences off any
 * previous executor (its next check sees another executor id and it stops);
 * holding it means writing a heartbeat, so a dead worker's run can be handed
 * to another worker once the heartbeat is older than GEO_RUN_STALL_SECONDS.
 */
export interface ExecutorLease {
  /**
   * Whether this executor still holds the run and whether a cancel was asked,
   * as last seen: refreshed by every recorded batch (`observe`) and by the
   * heartbeat, so lanes can check it before each task without a query.
   */
  readonly state: { held: boolean; cancelRequested: boolean };
  /**
   * Aborted once this executor must stop (the run was cancelled, another executor took it, or
   * the lease ended): a provider call in flight, such as a wait of minutes for a collection,
   * stops at its next request instead of running on.
   */
  readonly signal: AbortSignal;
  observe(run: { executorId: string | null; cancelRequested: boolean }): void;
  /** Reads the run now (before finishing it). */
  refresh(): Promise<{ held: boolean; cancelRequested: boolean }>;
  /** Stops the heartbeat timer. */
  end(): void;
}

export async function takeExecutorLease(
  ctx: AppContext,
  runId: string,
  startedAt: Date | null,
): Promise<ExecutorLease | undefined> {
  const executorId = newId("exe", ctx.clock);
  const now = ctx.clock.now();
  const taken = await ctx.prisma.run.updateMany({
    where: { id: runId, finishedAt: null },
    data: { status: "running", startedAt: startedAt ?? now, executorId, heartbeatAt: now },
  });
  if (taken.count === 0) return undefined;
  const state = { held: true, cancelRequested: false };
  const stop = new AbortController();
  const stopIfStopped = () => {
    if ((!state.held || state.cancelRequested) && !stop.signal.aborted) stop.abort();
  };
  const refresh = async () => {
    const run = await ctx.prisma.run.findUnique({
      where: { id: runId },
      select: { executorId: true, cancelRequestedAt: true },
    });
    state.held = run?.executorId === executorId;
    state.cancelRequested = Boolean(run?.cancelRequestedAt);
    stopIfStopped();
    return { ...state };
  };
  const beat = async () => {
    try {
      const signalled = await ctx.prisma.run.updateMany({
        where: { id: runId, executorId, finishedAt: null },
        data: { heartbeatAt: ctx.clock.now() },
      });
      if (signalled.count === 0) {
        state.held = false;
        stopIfStopped();
      } else await refresh();
    } catch (error) {
      ctx.logger.warn({ err: error, runId }, "run heartbeat failed");
    }
  };
  // Real time on purpose: the heartbeat proves this process is alive.
  const timer = setInterval(beat, Math.max(1000, ctx.config.runStallMs / 4));
  timer.unref();
  return {
    state,
    signal: stop.signal,
    observe(run) {
      if (run.executorId !== executorId) state.held = false;
      if (run.cancelRequested) state.cancelRequested = true;
      stopIfStopped();
    },
    refresh,
    end: () => {
      clearInterval(timer);
      // Anything of this executor still going (a lane or a task writer left by a failure) stops.
      state.held = false;
      stopIfStopped();
    },
  };
}
