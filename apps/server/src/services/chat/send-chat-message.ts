import { randomUUID } from "node:crypto";
import type { ChatMessage as ChatMessageRow } from "@geopulse/db";
import { dayOf } from "../../days.js";
import type { TranscriptItem } from "../../engines/chat/chat-model.js";
import { errors } from "../../errors/app-error.js";
import { principalIdOf } from "../../http/principal.js";
import { newId } from "../../ids.js";
import { holdCredits } from "../credits/reserve-credits.js";
import {
  findIdempotentResult,
  type IdempotencyScope,
  runIdempotent,
} from "../idempotency/idempotency.js";
import type { WorkspaceOperation } from "../operation.js";
import { consumeRateLimit } from "../rate-limit/rate-limit.js";
import { registryToolbox } from "./assistant-toolbox.js";
import { findChatThread } from "./chat-threads.js";
import { finishInterruptedTurn } from "./finish-interrupted-turn.js";
import { turnReservationMicrousd } from "./model-limits.js";
import { readChatTurn, replayTurnEvents, waitForTurn } from "./read-chat-turn.js";
import { runChatTurn } from "./run-chat-turn.js";
import { selectChatModel } from "./select-chat-model.js";
import { systemInstruction } from "./system-instruction.js";
import { TurnEvents } from "./turn-events.js";

/** At most this many turns per workspace per minute. */
const turnsPerMinute = 30;
/** How much of the thread's history a turn reads (messages, newest kept). */
const historyMessages = 20;

export interface SendChatMessageOptions extends WorkspaceOperation {
  threadId: string;
  content: string;
  /** The client's Idempotency-Key, if it sent one. */
  idempotencyKey: string | undefined;
}

/** A turn being answered (or answered already): its ids, its events, and when it ends. */
export interface ChatTurnHandle {
  threadId: string;
  idempotencyKey: string;
  messageId: string;
  events: TurnEvents;
  finished: Promise<void>;
}

/** The thread's running turn was started with this request's idempotency key (a racing retry). */
class SameKeyRunning extends Error {
  constructor(readonly messageId: string) {
    super("a turn with this idempotency key is running");
  }
}

/** The handle of a turn an earlier request with this idempotency key started. */
function replayedTurn(
  options: SendChatMessageOptions,
  messageId: string,
  idempotencyKey: string,
): ChatTurnHandle {
  return {
    threadId: options.threadId,
    idempotencyKey,
    messageId,
    events: replayTurnEvents(options.ctx, options.principal, messageId, idempotencyKey),
    finished: waitForTurn(options.ctx, messageId),
  };
}

function toTranscript(rows: ChatMessageRow[]): TranscriptItem[] {
  return rows
    .filter((row) => row.status === "complete" && row.content)
    .map((row) =>
      row.role === "user"
        ? { kind: "user", text: row.content }
        : { kind: "assistant", text: row.content, toolCalls: [] },
    );
}

/**
 * Stores the question and starts its turn: 402 (nothing stored) when the
 * balance cannot hold 720,000; 409 while another turn of the thread runs. The
 * same idempotency key and body get the first turn back, however far it got.
 * The turn runs detached from the request: a client that goes away stops nothing.
 */
export async function sendChatMessage(options: SendChatMessageOptions): Promise<ChatTurnHandle> {
  const { ctx, workspace, threadId, content } = options;
  const thread = await findChatThread(ctx, workspace.id, threadId, options.principal);
  const idempotencyKey = options.idempotencyKey ?? `gen_${randomUUID()}`;
  const scope: IdempotencyScope = {
    workspaceId: workspace.id,
    principalId: principalIdOf(options.principal),
    operation: "sendChatMessage",
    key: idempotencyKey,
    request: { threadId, content },
  };
  type Outcome = { messageId: string; started?: { userId: string; reservationId: string } };
  const replay = async (messageId: string): Promise<Outcome> => ({ messageId });
  const earlier = await findIdempotentResult(ctx, scope);
  if (earlier) return replayedTurn(options, earlier, idempotencyKey);
  const model = await selectChatModel(ctx, workspace.id);
  // Retries are free; every new turn counts.
  await consumeRateLimit(ctx, [
    { bucket: `chat-turn:${workspace.id}`, limit: turnsPerMinute, windowMs: 60_000 },
  ]);
  // The history is this thread's only (the principal's own, found above).
  const history = await ctx.prisma.chatMessage.findMany({
    where: { threadId: thread.id, workspaceId: workspace.id },
    orderBy: { id: "desc" },
    take: historyMessages,
  });
  const attempt = runIdempotent<Outcome>({
    ctx,
    scope,
    replay,
    run: async (tx) => {
      const now = ctx.clock.now();
      // The thread row's update serializes turns of one thread (PostgreSQL row lock).
      await tx.chatThread.update({
        where: { id: threadId },
        data: { updatedAt: now, ...(thread.title === null ? { title: content.slice(0, 80) } : {}) },
      });
      const running = await tx.chatMessage.findFirst({ where: { threadId, status: "running" } });
      if (running) {
        throw running.idempotencyKey === idempotencyKey
          ? new SameKeyRunning(running.id)
          : errors.chatTurnInProgress(running.id);
      }
      const userId = newId("chm", ctx.clock);
      const messageId = newId("chm", ctx.clock);
      const reservation = await holdCredits(tx, ctx, {
        workspaceId: workspace.id,
        operation: "chat",
        operationId: messageId,
        estimateMicrousd: turnReservationMicrousd,
      });
      const base = {
        workspaceId: workspace.id,
        threadId,
        steps: [],
        citations: [],
        inputTokens: 0,
        outputTokens: 0,
        costMicrousd: 0n,
        billedMicrousd: 0n,
        createdAt: now,
      };
      await tx.chatMessage.create({
        data: {
          ...base,
          id: userId,
          role: "user",
          content,
          status: "complete",
          simulated: false,
          completedAt: now,
        },
      });
      await tx.chatMessage.create({
        data: {
          ...base,
          id: messageId,
          role: "assistant",
          content: "",
          status: "running",
          provider: model.provider,
          model: model.model,
          simulated: model.simulated,
          replyToId: userId,
          reservationId: reservation.id,
          idempotencyKey,
          heartbeatAt: now,
        },
      });
      return {
        resourceId: messageId,
        result: { messageId, started: { userId, reservationId: reservation.id } },
      };
    },
  });
  const outcome = await attempt.catch(async (error: unknown): Promise<Outcome> => {
    if (!(error instanceof SameKeyRunning)) throw error;
    // A retry that raced the first request past the look-up: the first one's record decides.
    const first = await findIdempotentResult(ctx, scope);
    if (!first) throw errors.chatTurnInProgress(error.messageId);
    return { messageId: first };
  });
  if (!outcome.started) return replayedTurn(options, outcome.messageId, idempotencyKey);
  const { messageId } = outcome;
  const { userId, reservationId } = outcome.started;
  const events = new TurnEvents();
  events.emit({ type: "turn_started", threadId, idempotencyKey, userMessageId: userId, messageId });
  const brand = await ctx.prisma.workspace.findUniqueOrThrow({
    where: { id: workspace.id },
    select: { displayName: true },
  });
  const finished = runChatTurn({
    op: options,
    messageId,
    reservationId,
    model,
    toolbox: ctx.assistantToolbox ?? registryToolbox,
    system: systemInstruction(brand.displayName, dayOf(ctx.clock.now())),
    transcript: [...toTranscript(history.reverse()), { kind: "user", text: content }],
    question: content,
    events,
  })
    .catch(async (error: unknown) => {
      ctx.logger.error({ err: error, messageId }, "chat turn failed");
      await finishInterruptedTurn(
        ctx,
        await ctx.prisma.chatMessage.findUniqueOrThrow({ where: { id: messageId } }),
        "internal_error: the turn failed on the server; it was settled at the steps it had recorded.",
      );
    })
    .then(async () => {
      const turn = await readChatTurn(ctx, options.principal, messageId, idempotencyKey);
      const message = turn.assistantMessage;
      events.emit({
        type: "done",
        messageId,
        status: message.status,
        usage: message.usage,
        costMicrousd: message.costMicrousd,
        message,
      });
    })
    .catch((error: unknown) => {
      ctx.logger.error({ err: error, messageId }, "chat turn could not be finished");
      events.close();
    })
    .finally(() => ctx.runningTurns.delete(messageId));
  ctx.runningTurns.set(messageId, { events, finished });
  return { threadId, idempotencyKey, messageId, events, finished };
}
