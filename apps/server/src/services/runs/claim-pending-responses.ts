import type { Prisma } from "@geopulse/db";
import { ANALYSIS_VERSION } from "../../analysis/types.js";
import { storableJson } from "../../text/storable-text.js";
import type { AskOutcome } from "./ask-engine.js";

/**
 * Stores outcomes on their still-pending response rows with ONE statement
 * (a conditional UPDATE … FROM jsonb_to_recordset), and returns the ids it
 * stored: rows another executor already recorded are left alone. A stored
 * answer is marked with the current analysis version, which the caller's
 * analysis in the same transaction fulfils. One
 * statement instead of one per answer is what lets a batch of 50 answers
 * commit in a few milliseconds on the embedded database.
 */
export async function claimPendingResponses(
  tx: Prisma.TransactionClient,
  outcomes: ReadonlyArray<{ responseId: string; outcome: AskOutcome }>,
  now: Date,
): Promise<Set<string>> {
  if (outcomes.length === 0) return new Set();
  const rows = outcomes.map(({ responseId, outcome }) =>
    "answer" in outcome
      ? {
          id: responseId,
          status: "succeeded",
          answer: outcome.answer.answer,
          search_queries: outcome.answer.searchQueries,
          input_tokens: outcome.answer.inputTokens,
          output_tokens: outcome.answer.outputTokens,
          // bigint travels as text; the recordset casts it.
          cost_microusd: outcome.answer.costMicrousd.toString(),
          latency_ms: outcome.latencyMs,
          attempts: outcome.attempts,
          error: null,
          end_state: outcome.answer.end ?? "completed",
          served_model: outcome.answer.servedModel?.slice(0, 200) ?? null,
          country: outcome.answer.country ?? null,
          city: outcome.answer.city?.slice(0, 80) ?? null,
          language: outcome.answer.language ?? null,
        }
      : {
          id: responseId,
          status: "failed",
          answer: null,
          search_queries: [],
          input_tokens: null,
          output_tokens: null,
          cost_microusd: "0",
          latency_ms: null,
          attempts: outcome.attempts,
          error: outcome.error.slice(0, 500),
          end_state: outcome.kind ?? "failed",
          served_model: null,
          country: null,
          city: null,
          language: null,
        },
  );
  const claimed = await tx.$queryRawUnsafe<Array<{ id: string }>>(
    `UPDATE engine_responses AS r SET
       status = v.status,
       answer = v.answer,
       search_queries = ARRAY(SELECT jsonb_array_elements_text(v.search_queries)),
       input_tokens = v.input_tokens,
       output_tokens = v.output_tokens,
       cost_microusd = v.cost_microusd,
       latency_ms = v.latency_ms,
       attempts = v.attempts,
       error = v.error,
       end_state = v.end_state,
       served_model = v.served_model,
       country = v.country,
       city = v.city,
       language = v.language,
       completed_at = $2::timestamptz,
       -- The answer's analysis is stored in the same transaction (analyzeRecordedAnswers).
       analysis_version = CASE WHEN v.status = 'succeeded' THEN $3::int ELSE r.analysis_version END
     FROM jsonb_to_recordset($1::jsonb) AS v(
       id text, status text, answer text, search_queries jsonb, input_tokens int,
       output_tokens int, cost_microusd bigint, latency_ms int, attempts int, error text,
       end_state text, served_model text, country text, city text, language text),
       -- Marks the transaction's workspace change notices as a run's recording, which
       -- listeners fold into one cache drop a second (services/workspaces/
       -- workspace-read-cache.ts): in this statement, to save the batch a round trip.
       (SELECT set_config('geo.workspace_notice', 'recorded', true)) AS notice
     WHERE r.id = v.id AND r.status = 'pending'
     RETURNING r.id`,
    // Engines' text is untrusted: a NUL or a lone surrogate would fail the whole batch.
    storableJson(rows),
    now.toISOString(),
    ANALYSIS_VERSION,
  );
  return new Set(claimed.map((row) => row.id));
}
