import type { ChatMessage, ChatStreamEvent } from "@geopulse/api-types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConnectionError, createClient, InsufficientCreditsError } from "../src/index.js";
import { envelope, FakeApi, sse } from "./fake-api.js";

let api: FakeApi;
const sleeps: number[] = [];
beforeAll(async () => {
  api = await new FakeApi().start();
});
afterAll(() => api.stop());
beforeEach(() => {
  api.seen.length = 0;
  api.replies.length = 0;
  sleeps.length = 0;
});

const client = (options: { maxRetries?: number; timeoutMs?: number } = {}) =>
  createClient({
    baseUrl: api.url,
    apiKey: `gp_live_${"C".repeat(43)}`,
    maxRetries: options.maxRetries ?? 2,
    timeoutMs: options.timeoutMs ?? 60_000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
  });

const answer = "Your visibility is 41.2% on 2026-11-23.";
const message: ChatMessage = {
  messageId: "msg_a",
  threadId: "cht_1",
  role: "assistant",
  content: answer,
  status: "complete",
  steps: [],
  citations: [{ kind: "metric", metric: "visibility", filter: { date: "2026-11-23" } }],
  usage: { inputTokens: 120, outputTokens: 30 },
  costMicrousd: 1_234,
  provider: "simulated",
  model: "simulated",
  simulated: true,
  error: null,
  createdAt: "2026-11-24T08:00:00.000Z",
  completedAt: "2026-11-24T08:00:02.000Z",
};
const turn: ChatStreamEvent[] = [
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
    arguments: {},
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
    costMicrousd: 1_234,
    message,
  },
];
const wire = turn.map(sse);

async function collect(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}
const textOf = (events: ChatStreamEvent[]) =>
  events.map((e) => (e.type === "text_delta" ? e.text : "")).join("");

describe("chat.stream", () => {
  it("yields the typed events as they arrive, split anywhere on the wire", async () => {
    const body = wire.join("");
    // Chunks cut through lines and events.
    api.replies.push({
      status: 200,
      chunks: [body.slice(0, 37), body.slice(37, 300), body.slice(300)],
    });
    const stream = client().chat.stream("acme", "cht_1", { content: "How visible are we?" });
    expect(await collect(stream)).toEqual(turn);
    expect(await stream.finalMessage()).toEqual(message);
    const seen = api.seen[0];
    expect(seen?.method).toBe("POST");
    expect(seen?.path).toBe("/api/v1/workspaces/acme/chat/threads/cht_1/messages");
    expect(seen?.headers.accept).toBe("text/event-stream");
    expect(seen?.headers["idempotency-key"]).toBe(stream.idempotencyKey);
    expect(stream.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(seen?.body ?? "{}")).toEqual({ content: "How visible are we?" });
  });

  it("finalMessage reads the whole stream when nothing iterated it", async () => {
    api.replies.push({ status: 200, chunks: wire });
    const stream = client().chat.stream(
      "acme",
      "cht_1",
      { content: "q" },
      { idempotencyKey: "mine" },
    );
    expect(await stream.finalMessage()).toEqual(message);
    expect(api.seen[0]?.headers["idempotency-key"]).toBe("mine");
  });

  it("asks again with the same key after a dropped stream, without repeating events", async () => {
    // The connection drops in the middle of the answer's text; the retry replays the stored turn.
    api.replies.push({ status: 200, chunks: wire.slice(0, 6), ending: "hang up" });
    api.replies.push({ status: 200, chunks: wire });
    const events = await collect(client().chat.stream("acme", "cht_1", { content: "q" }));
    expect(events).toEqual(turn);
    expect(api.seen).toHaveLength(2);
    expect(api.seen[1]?.headers["idempotency-key"]).toBe(api.seen[0]?.headers["idempotency-key"]);
    expect(sleeps).toEqual([250]);
  });

  it("completes the text from the stored turn when the retry answers JSON", async () => {
    api.replies.push({ status: 200, chunks: wire.slice(0, 6), ending: "end" });
    api.replies.push({
      status: 200,
      body: {
        threadId: "cht_1",
        idempotencyKey: "k",
        userMessage: { ...message, messageId: "msg_u", role: "user", content: "q" },
        assistantMessage: message,
      },
    });
    const events = await collect(client().chat.stream("acme", "cht_1", { content: "q" }));
    expect(textOf(events)).toBe(answer);
    expect(events.filter((e) => e.type === "turn_started")).toHaveLength(1);
    expect(events.at(-2)).toEqual({
      type: "text_delta",
      messageId: "msg_a",
      text: "is 41.2% on 2026-11-23.",
    });
    expect(events.at(-1)?.type).toBe("done");
  });

  it("gives up with a ConnectionError when the stream keeps breaking", async () => {
    for (let i = 0; i < 3; i++)
      api.replies.push({ status: 200, chunks: wire.slice(0, 2), ending: "hang up" });
    const events: ChatStreamEvent[] = [];
    const error = await (async () => {
      for await (const event of client().chat.stream("acme", "cht_1", { content: "q" }))
        events.push(event);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(events).toEqual(turn.slice(0, 2));
    expect(api.seen).toHaveLength(3);
  });

  it("ends a silent stream after the timeout", async () => {
    api.replies.push({ status: 200, chunks: wire.slice(0, 1), ending: "stall" });
    const stream = client({ maxRetries: 0, timeoutMs: 150 }).chat.stream("acme", "cht_1", {
      content: "q",
    });
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/silent for 150 ms/);
  });

  it("throws InsufficientCreditsError with the shortfall on 402, without retrying", async () => {
    api.replies.push({
      status: 402,
      body: {
        error: {
          ...envelope("insufficient_credits").error,
          details: { requiredMicrousd: 720_000, availableMicrousd: 5_000 },
        },
      },
    });
    const error = await client()
      .chat.stream("acme", "cht_1", { content: "q" })
      .finalMessage()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientCreditsError);
    expect(error).toMatchObject({ requiredMicrousd: 720_000, availableMicrousd: 5_000 });
    expect(api.seen).toHaveLength(1);
  });

  it("retries a 503 before the stream with the same key, honouring Retry-After", async () => {
    api.replies.push({
      status: 503,
      body: envelope("service_unavailable"),
      headers: { "retry-after": "2" },
    });
    api.replies.push({ status: 200, chunks: wire });
    const stream = client().chat.stream("acme", "cht_1", { content: "q" });
    expect(await stream.finalMessage()).toEqual(message);
    expect(sleeps).toEqual([2000]);
    expect(new Set(api.seen.map((s) => s.headers["idempotency-key"]))).toEqual(
      new Set([stream.idempotencyKey]),
    );
  });

  it("stops at the caller's abort and does not ask again", async () => {
    api.replies.push({ status: 200, chunks: wire.slice(0, 2), ending: "stall" });
    const controller = new AbortController();
    const events: ChatStreamEvent[] = [];
    const error = await (async () => {
      const stream = client().chat.stream(
        "acme",
        "cht_1",
        { content: "q" },
        { signal: controller.signal },
      );
      for await (const event of stream) {
        events.push(event);
        if (events.length === 2) controller.abort();
      }
    })().catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    expect(events).toHaveLength(2);
    expect(api.seen).toHaveLength(1);
  });

  it("an abort while waiting for the next event ends the wait at once", async () => {
    api.replies.push({ status: 200, chunks: wire.slice(0, 1), ending: "stall" });
    const controller = new AbortController();
    const stream = client().chat.stream(
      "acme",
      "cht_1",
      { content: "q" },
      { signal: controller.signal },
    );
    const events: ChatStreamEvent[] = [];
    const error = await (async () => {
      for await (const event of stream) {
        events.push(event);
        setTimeout(() => controller.abort(), 50);
      }
    })().catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    expect(events.map((e) => e.type)).toEqual(["turn_started"]);
    expect(api.seen).toHaveLength(1);
  });

  it("an abort before the answer arrives is an AbortError too", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await client()
      .chat.send("acme", "cht_1", { content: "q" }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    expect(api.seen).toHaveLength(0);
  });
});

describe("chat.send", () => {
  it("answers the turn as JSON, with the key on every retry", async () => {
    const body = {
      threadId: "cht_1",
      idempotencyKey: "k",
      userMessage: { ...message, messageId: "msg_u", role: "user", content: "q" },
      assistantMessage: message,
    };
    api.replies.push("drop", { status: 200, body });
    const result = await client().chat.send("acme", "cht_1", { content: "q" });
    expect(result.assistantMessage).toEqual(message);
    expect(api.seen).toHaveLength(2);
    expect(api.seen[0]?.headers.accept).toBe("application/json");
    const keys = api.seen.map((s) => s.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
