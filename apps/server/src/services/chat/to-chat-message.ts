import type {
  ChatCitation,
  ChatMessage as ChatMessageResponse,
  ChatStep,
  ChatThread as ChatThreadResponse,
} from "@geopulse/api-types";
import type { ChatMessage, ChatThread } from "@geopulse/db";

const citationKey = (citation: ChatCitation) => JSON.stringify(citation);

/**
 * A tool step as `readable` (the names of the tools the reader may call) allows: a result
 * of another tool is not shown (no arguments, summary, result or citations), whoever's turn
 * stored it.
 */
function readableStep(step: ChatStep, readable: ReadonlySet<string>): ChatStep {
  if (step.kind !== "tool" || readable.has(step.name)) return step;
  return {
    ...step,
    arguments: {},
    summary: `Not shown: the reader's scopes do not allow ${step.name}.`,
    result: null,
    error: step.error ?? "insufficient_scope",
    citations: [],
  };
}

/** The message as `readable` allows (see readableStep); its citations lose those only hidden steps gave. */
export function toChatMessage(
  row: ChatMessage,
  readable: ReadonlySet<string>,
): ChatMessageResponse {
  const stored = row.steps as unknown as ChatStep[];
  const steps = stored.map((step) => readableStep(step, readable));
  const shown = new Set(
    steps.flatMap((step) => (step.kind === "tool" ? step.citations : [])).map(citationKey),
  );
  const hidden = new Set(
    stored
      .filter((step) => step.kind === "tool" && !readable.has(step.name))
      .flatMap((step) => (step.kind === "tool" ? step.citations : []))
      .map(citationKey),
  );
  const citations = (row.citations as unknown as ChatCitation[]).filter(
    (citation) => !hidden.has(citationKey(citation)) || shown.has(citationKey(citation)),
  );
  return {
    messageId: row.id,
    threadId: row.threadId,
    role: row.role as ChatMessageResponse["role"],
    content: row.content,
    status: row.status as ChatMessageResponse["status"],
    steps,
    citations,
    usage: { inputTokens: row.inputTokens, outputTokens: row.outputTokens },
    costMicrousd: Number(row.costMicrousd),
    provider: row.provider as ChatMessageResponse["provider"],
    model: row.model,
    simulated: row.simulated,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function toChatThread(
  row: ChatThread,
  totals: { messageCount: number; costMicrousd: bigint },
): ChatThreadResponse {
  return {
    threadId: row.id,
    title: row.title,
    messageCount: totals.messageCount,
    costMicrousd: Number(totals.costMicrousd),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
