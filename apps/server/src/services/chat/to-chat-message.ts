import type {
  ChatCitation,
  ChatMessage as ChatMessageResponse,
  ChatStep,
  ChatThread as ChatThreadResponse,
} from "@geopulse/api-types";
import type { ChatMessage, ChatThread } from "@geopulse/db";

export function toChatMessage(row: ChatMessage): ChatMessageResponse {
  return {
    messageId: row.id,
    threadId: row.threadId,
    role: row.role as ChatMessageResponse["role"],
    content: row.content,
    status: row.status as ChatMessageResponse["status"],
    steps: row.steps as unknown as ChatStep[],
    citations: row.citations as unknown as ChatCitation[],
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
