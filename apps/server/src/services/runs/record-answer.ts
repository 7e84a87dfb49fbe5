import type { AppContext } from "../../context.js";
import type { EngineAnswer } from "../../engines/engine.js";
import { newId } from "../../ids.js";

export interface RecordAnswerOptions {
  ctx: AppContext;
  runId: string;
  responseId: string;
  outcome:
    | { answer: EngineAnswer; latencyMs: number; attempts: number }
    | { error: string; attempts: number };
}

/**
 * Stores one task's outcome if it is still pending (another worker may have
 * done it), with its citations and the run's counters, in one transaction.
 * Returns whether this call recorded it.
 */
export async function recordAnswer({
  ctx,
  runId,
  responseId,
  outcome,
}: RecordAnswerOptions): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.prisma.$transaction(async (tx) => {
    const done = "answer" in outcome;
    const claimed = await tx.engineResponse.updateMany({
      where: { id: responseId, status: "pending" },
      data: done
        ? {
            status: "succeeded",
            answer: outcome.answer.answer,
            searchQueries: outcome.answer.searchQueries,
            inputTokens: outcome.answer.inputTokens,
            outputTokens: outcome.answer.outputTokens,
            costMicrousd: outcome.answer.costMicrousd,
            latencyMs: outcome.latencyMs,
            attempts: outcome.attempts,
            completedAt: now,
          }
        : {
            status: "failed",
            error: outcome.error.slice(0, 500),
            attempts: outcome.attempts,
            completedAt: now,
          },
    });
    if (claimed.count !== 1) return false;
    if (done && outcome.answer.citations.length > 0) {
      await tx.citation.createMany({
        data: outcome.answer.citations.map((citation, index) => ({
          id: newId("cit", ctx.clock),
          responseId,
          position: index + 1,
          url: citation.url.slice(0, 2000),
          title: citation.title?.slice(0, 500) ?? null,
        })),
      });
    }
    await tx.run.update({
      where: { id: runId },
      data: done
        ? {
            completedTasks: { increment: 1 },
            costMicrousd: { increment: outcome.answer.costMicrousd },
          }
        : { failedTasks: { increment: 1 } },
    });
    return true;
  });
}
