import { GeoPulseError } from "@geopulse/sdk";
import { describe, expect, it } from "vitest";
import type { Schemas } from "../../src/api";
import {
  emptyReply,
  foldEvent,
  linesOf,
  sendErrorMessage,
  stepsOfMessage,
} from "../../src/chat-stream";

type Event = Schemas["ChatStreamEvent"];

const stored: Schemas["ChatMessage"] = {
  messageId: "msg_2",
  threadId: "cht_1",
  role: "assistant",
  content: "Visibility is 42%.",
  status: "complete",
  steps: [
    {
      kind: "tool",
      index: 1,
      callId: "c1",
      name: "get_metrics",
      arguments: {},
      summary: "visibility 0.42",
      result: {},
      error: null,
      citations: [],
    },
    {
      kind: "model",
      index: 2,
      usage: { inputTokens: 1, outputTokens: 2 },
      costMicrousd: 5,
      toolsOffered: true,
    },
  ],
  citations: [],
  usage: { inputTokens: 1, outputTokens: 2 },
  costMicrousd: 1500,
  provider: "simulated",
  model: "simulated-planner-1",
  simulated: true,
  error: null,
  createdAt: "2026-11-24T10:00:00Z",
  completedAt: "2026-11-24T10:00:01Z",
};

const events: Event[] = [
  {
    type: "turn_started",
    threadId: "cht_1",
    idempotencyKey: "k",
    userMessageId: "msg_1",
    messageId: "msg_2",
  },
  { type: "step_started", messageId: "msg_2", step: 1, toolsOffered: true },
  {
    type: "tool_call",
    messageId: "msg_2",
    step: 1,
    callId: "c1",
    name: "get_metrics",
    arguments: {},
  },
  {
    type: "tool_call",
    messageId: "msg_2",
    step: 1,
    callId: "c2",
    name: "list_runs",
    arguments: {},
  },
  {
    type: "tool_result",
    messageId: "msg_2",
    step: 1,
    callId: "c1",
    name: "get_metrics",
    summary: "visibility 0.42",
    error: null,
  },
  {
    type: "tool_result",
    messageId: "msg_2",
    step: 1,
    callId: "c2",
    name: "list_runs",
    summary: "",
    error: "insufficient_scope",
  },
  { type: "text_delta", messageId: "msg_2", text: "Visibility " },
  { type: "text_delta", messageId: "msg_2", text: "is 42%." },
];

describe("folding a streamed turn", () => {
  it("builds the reply as the events arrive", () => {
    const partial = events.slice(0, 7).reduce(foldEvent, emptyReply);
    expect(partial).toMatchObject({
      messageId: "msg_2",
      userMessageId: "msg_1",
      text: "Visibility ",
    });
    const reply = events.reduce(foldEvent, emptyReply);
    expect(reply.text).toBe("Visibility is 42%.");
    expect(reply.steps).toEqual([
      { callId: "c1", name: "get_metrics", status: "done", note: "visibility 0.42" },
      { callId: "c2", name: "list_runs", status: "failed", note: "insufficient_scope" },
    ]);
    expect(reply.message).toBeNull();
  });

  it("shows a tool as running until its result", () => {
    const reply = events.slice(0, 3).reduce(foldEvent, emptyReply);
    expect(reply.steps).toEqual([
      { callId: "c1", name: "get_metrics", status: "running", note: null },
    ]);
  });

  it("ends with the stored message, its text and cost, and keeps an error's words", () => {
    const failed = foldEvent(events.reduce(foldEvent, emptyReply), {
      type: "error",
      messageId: "msg_2",
      code: "model_error",
      message: "The provider failed.",
    });
    const done = foldEvent(failed, {
      type: "done",
      messageId: "msg_2",
      status: "complete",
      usage: stored.usage,
      costMicrousd: 1500,
      message: stored,
    });
    expect(done.error).toBe("The provider failed.");
    expect(done.message?.costMicrousd).toBe(1500);
    expect(done.text).toBe("Visibility is 42%.");
  });

  it("reads a stored message's tool steps (not its model steps)", () => {
    expect(stepsOfMessage(stored)).toEqual([
      { callId: "c1", name: "get_metrics", status: "done", note: "visibility 0.42" },
    ]);
  });
});

describe("untrusted text", () => {
  it("keeps line breaks and links only http(s) addresses", () => {
    expect(linesOf("See https://acme.com/a?b=1.\njavascript:alert(1) <b>x</b>")).toEqual([
      [
        { kind: "text", text: "See " },
        { kind: "link", href: "https://acme.com/a?b=1" },
        { kind: "text", text: "." },
      ],
      [{ kind: "text", text: "javascript:alert(1) <b>x</b>" }],
    ]);
  });
});

describe("send errors in words", () => {
  const error = (status: number, code: string, retryAfterSeconds?: number) =>
    new GeoPulseError({
      status,
      code,
      message: "The API said no.",
      requestId: "req_1",
      retryAfterSeconds,
    });

  it("says what to do next", () => {
    expect(sendErrorMessage(error(402, "insufficient_credits"))).toMatch(
      /Top up credit on the Billing page/,
    );
    expect(sendErrorMessage(error(409, "chat_turn_in_progress"))).toMatch(/still answering/);
    expect(sendErrorMessage(error(429, "rate_limited", 12))).toMatch(/Wait 12 seconds/);
    expect(sendErrorMessage(error(429, "rate_limited"))).toMatch(/Wait a moment/);
    expect(sendErrorMessage(new TypeError("Failed to fetch"))).toMatch(/Reload the thread/);
  });
});
