import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatMessage, ChatStreamEvent, ChatThread } from "@geopulse/api-types";

/**
 * A local HTTP server speaking the chat routes' wire format (JSON, and
 * Server-Sent Events for a streamed turn), for the CLI's chat commands when no
 * assistant answers on the real server: one thread, a scripted turn, and an
 * optional error answer for the next message.
 */
export class FakeChatApi {
  readonly seen: {
    method: string;
    path: string;
    headers: IncomingMessage["headers"];
    body: string;
  }[] = [];
  /** The next POST of a message is answered with this status and error envelope. */
  nextMessageError: { status: number; code: string; details?: object } | undefined;
  /** The turn's assistant message as stored, and its events. */
  turn = exampleTurn();
  private server: Server | undefined;
  url = "";

  async start(): Promise<this> {
    this.server = createServer(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      const path = req.url ?? "";
      this.seen.push({ method: req.method ?? "", path, headers: req.headers, body });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "x-request-id": "req_fake" });
        res.end(JSON.stringify(value));
      };
      const route = `${req.method} ${path.replace(/\?.*$/, "")}`;
      if (route === "POST /api/v1/workspaces/acme/chat/threads") return send(201, thread);
      if (route === "GET /api/v1/workspaces/acme/chat/threads") {
        return send(200, { data: [thread], nextCursor: null });
      }
      if (route === "GET /api/v1/workspaces/acme/chat/threads/cht_1") {
        return send(200, {
          ...thread,
          messageCount: 2,
          messages: [userMessage, this.turn.message],
        });
      }
      if (route === "PATCH /api/v1/workspaces/acme/chat/threads/cht_1") {
        return send(200, { ...thread, title: JSON.parse(body).title });
      }
      if (route === "DELETE /api/v1/workspaces/acme/chat/threads/cht_1") {
        res.writeHead(204).end();
        return;
      }
      if (route === "POST /api/v1/workspaces/acme/chat/threads/cht_1/messages") {
        const failure = this.nextMessageError;
        this.nextMessageError = undefined;
        if (failure) {
          return send(failure.status, {
            error: {
              code: failure.code,
              message: `${failure.code} happened.`,
              requestId: "req_fake",
              ...(failure.details ? { details: failure.details } : {}),
            },
          });
        }
        if (!req.headers.accept?.includes("text/event-stream")) {
          return send(200, {
            threadId: "cht_1",
            idempotencyKey: req.headers["idempotency-key"],
            userMessage,
            assistantMessage: this.turn.message,
          });
        }
        res.writeHead(200, { "content-type": "text/event-stream" });
        for (const event of this.turn.events) {
          res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        res.end();
        return;
      }
      send(404, { error: { code: "not_found", message: "Not found.", requestId: "req_fake" } });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const thread: ChatThread = {
  threadId: "cht_1",
  title: "How visible are we?",
  messageCount: 0,
  costMicrousd: 1_234,
  createdAt: "2026-11-24T08:00:00.000Z",
  updatedAt: "2026-11-24T08:00:02.000Z",
};

const userMessage: ChatMessage = {
  messageId: "msg_u",
  threadId: "cht_1",
  role: "user",
  content: "How visible are we?",
  status: "complete",
  steps: [],
  citations: [],
  usage: { inputTokens: 0, outputTokens: 0 },
  costMicrousd: 0,
  provider: null,
  model: null,
  simulated: false,
  error: null,
  createdAt: "2026-11-24T08:00:00.000Z",
  completedAt: "2026-11-24T08:00:00.000Z",
};

/** A two-step turn: one tool call, then the answer in two pieces. */
export function exampleTurn(): { message: ChatMessage; events: ChatStreamEvent[] } {
  const message: ChatMessage = {
    ...userMessage,
    messageId: "msg_a",
    role: "assistant",
    content: "Your visibility is 41.2% on 2026-11-23.",
    steps: [
      {
        kind: "tool",
        index: 1,
        callId: "call_1",
        name: "get_metrics",
        arguments: {},
        summary: "visibility 41.2%",
        result: {},
        error: null,
        citations: [],
      },
    ],
    citations: [
      { kind: "metric", metric: "visibility", filter: { date: "2026-11-23", engine: null } },
      { kind: "response", runId: "run_1", responseId: "rsp_1", engine: "openai" },
    ],
    usage: { inputTokens: 120, outputTokens: 30 },
    costMicrousd: 1_234,
    provider: "simulated",
    model: "simulated",
    simulated: true,
  };
  const events: ChatStreamEvent[] = [
    {
      type: "turn_started",
      threadId: "cht_1",
      idempotencyKey: "k",
      userMessageId: "msg_u",
      messageId: "msg_a",
    },
    { type: "step_started", messageId: "msg_a", step: 1, toolsOffered: true },
    {
      type: "tool_call",
      messageId: "msg_a",
      step: 1,
      callId: "call_1",
      name: "get_metrics",
      arguments: { date: "2026-11-23" } as never,
    },
    {
      type: "tool_result",
      messageId: "msg_a",
      step: 1,
      callId: "call_1",
      name: "get_metrics",
      summary: "visibility 41.2%",
      error: null,
    },
    { type: "step_started", messageId: "msg_a", step: 2, toolsOffered: true },
    { type: "text_delta", messageId: "msg_a", text: "Your visibility " },
    { type: "text_delta", messageId: "msg_a", text: "is 41.2% on 2026-11-23." },
    {
      type: "done",
      messageId: "msg_a",
      status: "complete",
      usage: message.usage,
      costMicrousd: message.costMicrousd,
      message,
    },
  ];
  return { message, events };
}
