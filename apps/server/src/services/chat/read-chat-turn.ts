import type { ChatMessage, ChatStreamEvent, ChatTurn } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import type { Principal } from "../../http/principal.js";
import { readableToolNames } from "./assistant-toolbox.js";
import { toChatMessage } from "./to-chat-message.js";
import { TurnEvents } from "./turn-events.js";

/** How often a retry polls for a turn another process is still answering. */
const pollMs = 250;

/** The stored turn as `reader` may read it: the assistant message and the user message it answers. */
export async function readChatTurn(
  ctx: AppContext,
  reader: Principal,
  messageId: string,
  idempotencyKey: string,
): Promise<ChatTurn> {
  const readable = readableToolNames(ctx.assistantToolbox, reader);
  const assistant = await ctx.prisma.chatMessage.findUniqueOrThrow({ where: { id: messageId } });
  const user = await ctx.prisma.chatMessage.findUniqueOrThrow({
    where: { id: assistant.replyToId as string },
  });
  return {
    threadId: assistant.threadId,
    idempotencyKey,
    userMessage: toChatMessage(user, readable),
    assistantMessage: toChatMessage(assistant, readable),
  };
}

/** Resolves once the turn is no longer running (in this process, or as stored by another). */
export async function waitForTurn(ctx: AppContext, messageId: string): Promise<void> {
  const live = ctx.runningTurns.get(messageId);
  if (live) return live.finished;
  for (;;) {
    const row = await ctx.prisma.chatMessage.findUniqueOrThrow({
      where: { id: messageId },
      select: { status: true },
    });
    if (row.status !== "running") return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** The events a stored turn would have streamed, rebuilt from its steps (for a retry). */
export function storedTurnEvents(turn: ChatTurn): ChatStreamEvent[] {
  const message: ChatMessage = turn.assistantMessage;
  const messageId = message.messageId;
  const events: ChatStreamEvent[] = [
    {
      type: "turn_started",
      threadId: turn.threadId,
      idempotencyKey: turn.idempotencyKey,
      userMessageId: turn.userMessage.messageId,
      messageId,
    },
  ];
  for (const step of message.steps) {
    if (step.kind === "model") {
      events.push({
        type: "step_started",
        messageId,
        step: step.index,
        toolsOffered: step.toolsOffered,
      });
      continue;
    }
    const call = { messageId, step: step.index, callId: step.callId, name: step.name };
    events.push({ type: "tool_call", ...call, arguments: step.arguments });
    events.push({ type: "tool_result", ...call, summary: step.summary, error: step.error });
  }
  if (message.content) events.push({ type: "text_delta", messageId, text: message.content });
  if (message.status === "failed" || message.status === "interrupted") {
    events.push({
      type: "error",
      messageId,
      code: message.status,
      message: message.error ?? message.status,
    });
  }
  events.push({
    type: "done",
    messageId,
    status: message.status,
    usage: message.usage,
    costMicrousd: message.costMicrousd,
    message,
  });
  return events;
}

/**
 * The events of a turn a retry asks for again: live when it runs in this
 * process, else rebuilt from the stored turn once it has ended.
 */
export function replayTurnEvents(
  ctx: AppContext,
  reader: Principal,
  messageId: string,
  idempotencyKey: string,
): TurnEvents {
  const live = ctx.runningTurns.get(messageId);
  if (live) return live.events;
  const events = new TurnEvents();
  waitForTurn(ctx, messageId)
    .then(() => readChatTurn(ctx, reader, messageId, idempotencyKey))
    .then((turn) => {
      for (const event of storedTurnEvents(turn)) events.emit(event);
    })
    .catch((error: unknown) => {
      ctx.logger.error({ err: error, messageId }, "chat turn replay failed");
      events.emit({
        type: "error",
        messageId,
        code: "internal_error",
        message: "The turn could not be read.",
      });
      events.close();
    });
  return events;
}
