import type { Writable } from "node:stream";
import type { ChatStreamEvent } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { defineHandler, type HandlerResult } from "../../http/handler.js";
import { readChatTurn } from "../../services/chat/read-chat-turn.js";
import {
  type ChatTurnHandle,
  sendChatMessage as send,
} from "../../services/chat/send-chat-message.js";

const mediaTypes = ["application/json", "text/event-stream"];

/** One Server-Sent Event: its name, and its data as one JSON line. */
const sseFrame = (event: ChatStreamEvent) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * Writes the turn's events as they come. A client that disconnects only stops
 * the writing: the turn goes on and is stored.
 */
function streamTurn(turn: ChatTurnHandle) {
  return (out: Writable) =>
    new Promise<void>((resolve) => {
      let unfollow: () => void = () => undefined;
      const finish = () => {
        unfollow();
        resolve();
      };
      out.once("close", finish);
      unfollow = turn.events.follow(
        (event) => {
          if (!out.writableEnded && !out.destroyed) out.write(sseFrame(event));
        },
        () => {
          if (!out.writableEnded) out.end();
          finish();
        },
      );
    });
}

export const sendChatMessage = defineHandler("sendChatMessage")(
  async ({ op, params, body, req }): Promise<HandlerResult<"sendChatMessage">> => {
    const accepted = req.accepts(mediaTypes);
    if (!accepted) throw errors.notAcceptable(mediaTypes);
    const turn = await send({
      ...op,
      threadId: params.threadId,
      content: body.content,
      idempotencyKey: req.get("Idempotency-Key"),
    });
    if (accepted === "text/event-stream") {
      return {
        status: 200,
        headers: {
          "Content-Type": "text/event-stream; charset=utf-8",
          "Idempotency-Key": turn.idempotencyKey,
          "X-Accel-Buffering": "no",
        },
        stream: streamTurn(turn),
      };
    }
    await turn.finished;
    return {
      status: 200,
      headers: { "Idempotency-Key": turn.idempotencyKey },
      body: await readChatTurn(op.ctx, op.principal, turn.messageId, turn.idempotencyKey),
    };
  },
);
