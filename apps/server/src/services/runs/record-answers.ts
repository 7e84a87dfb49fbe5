import type { AppContext } from "../../context.js";
import { dayOf } from "../../days.js";
import { newId } from "../../ids.js";
import {
  analyzeBeforeRecording,
  analyzeRecordedAnswers,
  type RecordedAnswer,
} from "../analysis/analyze-recorded-answers.js";
import { registrableDomain } from "../citations/registrable-domain.js";
import { insertJsonRowSets } from "../sql/insert-json-rows.js";
import type { AskOutcome } from "./ask-engine.js";
import { claimPendingResponses } from "./claim-pending-responses.js";

const citationColumns = {
  id: "text",
  response_id: "text",
  position: "int",
  url: "text",
  engine_url: "text",
  title: "text",
  domain: "text",
  taxonomy: "text",
  entity_id: "text",
  normalized_url: "text",
};
const sourceColumns = {
  id: "text",
  response_id: "text",
  position: "int",
  url: "text",
  title: "text",
  domain: "text",
};

export interface TaskOutcome {
  responseId: string;
  engine: string;
  promptId: string;
  prompt: RecordedAnswer["prompt"];
  outcome: AskOutcome;
}

export interface RecordedBatch {
  /** Outcomes this call stored (another executor may have stored the rest). */
  recorded: number;
  costMicrousd: bigint;
  /** The run as the batch left it: who holds it, and whether a cancel was asked. */
  executorId: string | null;
  cancelRequested: boolean;
}

/**
 * Stores a batch of task outcomes in one transaction: each only if its row is
 * still pending (one conditional update, so nothing is recorded twice however
 * many executors race), the answers' citations and analysis (mentions and
 * rollups; analysed before the transaction, see analyzeBeforeRecording), and
 * the run's counters. The day lock, subject, rollup upserts and
 * counters are paid once per batch, not per answer.
 */
export async function recordAnswers(options: {
  ctx: AppContext;
  run: { id: string; workspaceId: string; createdAt: Date; purpose: string };
  outcomes: readonly TaskOutcome[];
}): Promise<RecordedBatch> {
  const { ctx, run, outcomes } = options;
  const now = ctx.clock.now();
  const candidates = outcomes.flatMap(({ responseId, outcome, engine, promptId, prompt }) =>
    "answer" in outcome
      ? [
          {
            responseId,
            engine,
            promptId,
            prompt,
            answer: outcome.answer.answer,
            citations: outcome.answer.citations,
          } satisfies RecordedAnswer,
        ]
      : [],
  );
  const prepared =
    candidates.length > 0
      ? await analyzeBeforeRecording({
          db: ctx.prisma,
          workspaceId: run.workspaceId,
          answers: candidates,
          analyzers: ctx.analyzers,
          taxonomy: ctx.config.domainTaxonomy,
        })
      : undefined;
  return ctx.prisma.$transaction(async (tx) => {
    // The claim also marks the transaction's change notices (see claimPendingResponses).
    const stored = await claimPendingResponses(tx, outcomes, now);
    const answered = candidates.filter((a) => stored.has(a.responseId));
    let failed = 0;
    let cost = 0n;
    for (const { responseId, outcome } of outcomes) {
      if (!stored.has(responseId)) continue;
      if ("answer" in outcome) cost += outcome.answer.costMicrousd;
      else failed++;
    }
    const { classes, mentions, facts } = await analyzeRecordedAnswers({
      tx,
      now,
      workspaceId: run.workspaceId,
      day: dayOf(run.createdAt),
      answers: answered,
      counted: run.purpose === "measurement",
      prepared,
      analyzers: ctx.analyzers,
      taxonomy: ctx.config.domainTaxonomy,
    });
    const citations = answered.flatMap((a) =>
      a.citations.map((citation, index) => {
        const cls = classes.get(a.responseId)?.[index];
        return {
          id: newId("cit", ctx.clock),
          response_id: a.responseId,
          position: index + 1,
          url: citation.url.slice(0, 2000),
          engine_url: citation.engineUrl?.slice(0, 2000) ?? null,
          title: citation.title?.slice(0, 500) ?? null,
          domain: cls?.domain ?? null,
          taxonomy: cls?.taxonomy ?? null,
          entity_id: cls?.entityId ?? null,
          normalized_url: cls?.normalizedUrl ?? null,
        };
      }),
    );
    const usedSources = outcomes.flatMap(({ responseId, outcome }) =>
      stored.has(responseId) && "answer" in outcome
        ? (outcome.answer.usedSources ?? []).map((source, index) => ({
            id: newId("usrc", ctx.clock),
            response_id: responseId,
            position: index + 1,
            url: source.url.slice(0, 2000),
            title: source.title?.slice(0, 500) ?? null,
            domain: registrableDomain(source.url),
          }))
        : [],
    );
    // One statement for the batch's mentions, facts, citations and sources.
    await insertJsonRowSets(tx, [
      mentions,
      facts,
      { table: "citations", columns: citationColumns, rows: citations },
      { table: "response_sources", columns: sourceColumns, rows: usedSources },
    ]);
    const state = await tx.run.update({
      where: { id: run.id },
      data: {
        completedTasks: { increment: answered.length },
        failedTasks: { increment: failed },
        costMicrousd: { increment: cost },
        ...endStateIncrements(outcomes.filter((o) => stored.has(o.responseId))),
      },
      select: { executorId: true, cancelRequestedAt: true },
    });
    return {
      recorded: answered.length + failed,
      costMicrousd: cost,
      executorId: state.executorId,
      cancelRequested: state.cancelRequestedAt !== null,
    };
  });
}

/** The batch's stored tasks by end state other than completed, as the run's counters' increments. */
function endStateIncrements(outcomes: readonly TaskOutcome[]) {
  const count = (test: (outcome: AskOutcome) => boolean) => ({
    increment: outcomes.filter((o) => test(o.outcome)).length,
  });
  const end = (outcome: AskOutcome) =>
    "answer" in outcome ? (outcome.answer.end ?? "completed") : (outcome.kind ?? "failed");
  return {
    truncatedTasks: count((o) => end(o) === "truncated"),
    refusedTasks: count((o) => end(o) === "refused"),
    filteredTasks: count((o) => end(o) === "filtered"),
    notShownTasks: count((o) => end(o) === "not_shown"),
    quotaExhaustedTasks: count((o) => end(o) === "quota_exhausted"),
  };
}
