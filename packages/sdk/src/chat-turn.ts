import type { ChatMessage, ChatStreamEvent, ChatTurn, RequestBody } from "@geopulse/api-types";
import {
  type ClientOptions,
  isAbortError,
  type RawClient,
  retryOptionsOf,
  unwrapWithResponse,
} from "./client.js";
import { ConnectionError } from "./errors.js";
import { randomKey } from "./idempotency.js";
import { backoffMs } from "./retrying-fetch.js";
import { readServerSentEvents } from "./server-sent-events.js";

/** The question of a turn (`ChatMessageCreate`). */
export type ChatQuestion = RequestBody<"sendChatMessage">;

export interface ChatTurnOptions {
  /**
   * Sent as `Idempotency-Key` (default: a new random key). Every retry of the
   * turn sends the same key, so the server answers it with the stored turn
   * instead of asking (and charging) again.
   */
  idempotencyKey?: string;
  /** Stops waiting (an AbortError); the server still finishes and stores the turn. */
  signal?: AbortSignal;
}

/**
 * A streamed turn: `for await (const event of stream)` yields the contract's
 * `ChatStreamEvent`s as they arrive (`turn_started`, `step_started`,
 * `tool_call`, `tool_result`, `text_delta`, `error`, and last `done`).
 * When the connection drops mid-turn the stream asks again with the same
 * idempotency key and goes on from where it was: events already yielded are
 * not repeated, and text the replay does not resend arrives as one
 * `text_delta` before `done`.
 */
export class ChatTurnStream implements AsyncIterable<ChatStreamEvent> {
  private done: Extract<ChatStreamEvent, { type: "done" }> | undefined;
  private started = false;

  constructor(
    /** The key the turn is sent with (and retried with). */
    readonly idempotencyKey: string,
    private readonly events: AsyncGenerator<ChatStreamEvent, void, undefined>,
  ) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<ChatStreamEvent, void, undefined> {
    if (this.started) throw new Error("A chat turn stream can be read once.");
    this.started = true;
    for await (const event of this.events) {
      if (event.type === "done") this.done = event;
      yield event;
    }
  }

  /** Reads the rest of the stream; the stored assistant message (its status says how it ended). */
  async finalMessage(): Promise<ChatMessage> {
    if (!this.started) for await (const _ of this);
    if (!this.done) throw new ConnectionError("The turn's stream ended without its result.");
    return this.done.message;
  }
}

type DoneEvent = Extract<ChatStreamEvent, { type: "done" }>;

/** Events of a replayed turn that were not yielded yet (see ChatTurnStream). */
class Replay {
  private readonly seen = new Set<string>();
  private textSent = "";
  private textThisAttempt = "";

  nextAttempt(): void {
    this.textThisAttempt = "";
  }

  admit(event: ChatStreamEvent): ChatStreamEvent[] {
    if (event.type === "text_delta") {
      this.textThisAttempt += event.text;
      if (this.textThisAttempt.length <= this.textSent.length) return [];
      const fresh = this.textThisAttempt.slice(this.textSent.length);
      this.textSent = this.textThisAttempt;
      return [{ ...event, text: fresh }];
    }
    if (event.type === "done") return [...this.missingText(event), event];
    const identity = `${event.type}:${"step" in event ? event.step : ""}:${"callId" in event ? event.callId : ""}`;
    if (this.seen.has(identity)) return [];
    this.seen.add(identity);
    return [event];
  }

  /** The answer's text not streamed yet (a replay that sent only the result). */
  private missingText(done: DoneEvent): ChatStreamEvent[] {
    const { content } = done.message;
    if (content.length <= this.textSent.length || !content.startsWith(this.textSent)) return [];
    const text = content.slice(this.textSent.length);
    this.textSent = content;
    return [{ type: "text_delta", messageId: done.messageId, text }];
  }
}

/** The events a finished turn answered as JSON (a retry of a stored turn) stands for. */
function eventsOfTurn(turn: ChatTurn): ChatStreamEvent[] {
  const message = turn.assistantMessage;
  return [
    {
      type: "turn_started",
      threadId: turn.threadId,
      idempotencyKey: turn.idempotencyKey,
      userMessageId: turn.userMessage.messageId,
      messageId: message.messageId,
    },
    {
      type: "done",
      messageId: message.messageId,
      status: message.status,
      usage: message.usage,
      costMicrousd: message.costMicrousd,
      message,
    },
  ];
}

async function* eventsOfResponse(
  response: Response,
  body: ReadableStream<Uint8Array> | null,
  idleTimeoutMs: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<ChatStreamEvent, void, undefined> {
  if (!body) return;
  if ((response.headers.get("content-type") ?? "").includes("application/json")) {
    const text = await new Response(body).text();
    yield* eventsOfTurn(JSON.parse(text) as ChatTurn);
    return;
  }
  for await (const message of readServerSentEvents(body, idleTimeoutMs, signal)) {
    yield JSON.parse(message.data) as ChatStreamEvent;
  }
}

export interface ChatTurns {
  /** One turn, answered as one JSON `ChatTurn` when it has ended. */
  send(
    workspace: string,
    threadId: string,
    question: ChatQuestion,
    options?: ChatTurnOptions,
  ): Promise<ChatTurn>;
  /** One turn, streamed as Server-Sent Events (see ChatTurnStream). */
  stream(
    workspace: string,
    threadId: string,
    question: ChatQuestion,
    options?: ChatTurnOptions,
  ): ChatTurnStream;
}

const messagesPath = "/api/v1/workspaces/{workspace}/chat/threads/{threadId}/messages";

/** One question to one thread, with the key every attempt sends. */
interface TurnRequest {
  workspace: string;
  threadId: string;
  question: ChatQuestion;
  key: string;
  signal: AbortSignal | undefined;
}

/** `chat.send` and `chat.stream` over one client. */
export function chatTurns(raw: RawClient, clientOptions: ClientOptions): ChatTurns {
  const retry = retryOptionsOf(clientOptions);
  const newKey = clientOptions.idempotencyKey ?? randomKey;
  const post = (
    { workspace, threadId, question, key, signal }: TurnRequest,
    accept: "application/json" | "text/event-stream",
  ) =>
    unwrapWithResponse(
      raw.POST(messagesPath, {
        params: { path: { workspace, threadId } },
        body: question,
        headers: { accept, "idempotency-key": key },
        parseAs: accept === "text/event-stream" ? "stream" : "json",
        ...(signal ? { signal } : {}),
      }),
    );

  async function* events(request: TurnRequest): AsyncGenerator<ChatStreamEvent, void, undefined> {
    const { signal } = request;
    const replay = new Replay();
    for (let attempt = 0; ; attempt++) {
      replay.nextAttempt();
      // Failures before the stream starts were retried by the client already.
      const { data, response } = await post(request, "text/event-stream");
      try {
        const body = data as unknown as ReadableStream<Uint8Array> | null;
        for await (const event of eventsOfResponse(response, body, retry.timeoutMs, signal)) {
          yield* replay.admit(event);
          if (event.type === "done") return;
        }
        throw new ConnectionError("The event stream ended before the turn was done.");
      } catch (error) {
        // An abort is the caller's; malformed JSON would come back the same.
        if (signal?.aborted || isAbortError(error) || error instanceof SyntaxError) throw error;
        if (attempt >= retry.maxRetries) {
          throw error instanceof ConnectionError
            ? error
            : new ConnectionError(`The event stream broke: ${(error as Error).message}`, {
                cause: error,
              });
        }
        await retry.sleep(backoffMs(attempt, retry));
      }
    }
  }

  const requestOf = (
    workspace: string,
    threadId: string,
    question: ChatQuestion,
    options: ChatTurnOptions,
  ): TurnRequest => ({
    workspace,
    threadId,
    question,
    key: options.idempotencyKey ?? newKey(),
    signal: options.signal,
  });
  return {
    send: async (workspace, threadId, question, options = {}) =>
      (await post(requestOf(workspace, threadId, question, options), "application/json"))
        .data as ChatTurn,
    stream: (workspace, threadId, question, options = {}) => {
      const request = requestOf(workspace, threadId, question, options);
      return new ChatTurnStream(request.key, events(request));
    },
  };
}
