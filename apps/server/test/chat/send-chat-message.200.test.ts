import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ask,
  type ChatServer,
  createThread,
  ledgerOf,
  parseSse,
  startChatServer,
} from "./chat-fixtures.js";

/**
 * A multi-step turn through the real server and the OpenAI Responses fake
 * (function calls, streamed text, usage), JSON and Server-Sent Events; the
 * same through the Anthropic Messages fake (tool_use blocks).
 */
let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("openai");
});
afterAll(() => s.close());

const range = { from: "2026-11-01", to: "2026-11-23" };
const answer = "Visibility was 41.2% (17 mentions) from 2026-11-01 to 2026-11-23.";
const scriptTurn = () =>
  s.model.queue(
    {
      toolCalls: [
        { name: "get_metrics", arguments: range },
        { name: "get_credit_balance", arguments: {} },
      ],
    },
    { toolCalls: [{ name: "search_answers", arguments: { text: "Acme" } }] },
    { text: answer, usage: { inputTokens: 2000, outputTokens: 50 } },
  );
// gpt-4.1-mini: $0.40/M in, $1.60/M out; two steps of 1,000 + 100, one of 2,000 + 50.
const turnCost = 2 * (400 + 160) + (800 + 80);

describe("a turn on OpenAI's Responses API (fake)", () => {
  it("calls tools over several steps, cites them, and is charged what it reports (JSON)", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    s.model.requests.length = 0;
    scriptTurn();
    const response = await ask(s, threadId, "How visible were we in November?", {
      cookie: s.cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("idempotency-key")).toMatch(/^gen_/);
    const turn = response.body;
    expect(turn.idempotencyKey).toBe(response.headers.get("idempotency-key"));
    const message = turn.assistantMessage;
    expect(message).toMatchObject({
      role: "assistant",
      status: "complete",
      content: answer,
      provider: "openai",
      model: "gpt-4.1-mini",
      simulated: false,
      usage: { inputTokens: 4000, outputTokens: 250 },
      costMicrousd: turnCost,
      error: null,
    });
    expect(turn.userMessage).toMatchObject({
      role: "user",
      content: "How visible were we in November?",
    });
    expect(
      message.steps.map((step: any) => `${step.kind}:${step.index}:${step.name ?? ""}`),
    ).toEqual([
      "model:1:",
      "tool:1:get_metrics",
      "tool:1:get_credit_balance",
      "model:2:",
      "tool:2:search_answers",
      "model:3:",
    ]);
    expect(message.steps[1]).toMatchObject({
      arguments: range,
      error: null,
      summary: expect.stringContaining("41.2%"),
    });
    expect(message.citations).toEqual(
      expect.arrayContaining([
        { kind: "metric", metric: "visibility", filter: { ...range, engine: null } },
        { kind: "metric", metric: "credit_balance", filter: {} },
        expect.objectContaining({ kind: "response", runId: "run_01JD0000000000000000000001" }),
      ]),
    );
    // The model was offered the tools, told tool output is untrusted, and read results as function_call_output data.
    const [first, second] = s.model.requests;
    expect(first?.body.stream).toBe(true);
    expect(first?.body.tools.map((tool: any) => tool.name)).toEqual(
      expect.arrayContaining([
        "get_metrics",
        "get_credit_balance",
        "search_answers",
        "list_recommendations",
      ]),
    );
    expect(first?.body.instructions).toMatch(/untrusted data/);
    const outputs = second?.body.input.filter((item: any) => item.type === "function_call_output");
    expect(outputs).toHaveLength(2);
    expect(JSON.parse(outputs[0].output).data.visibility).toBe(0.412);
    // Reported cost == ledger charge; the rest of the 720,000 hold released.
    const ledger = await ledgerOf(s.t, message.messageId);
    expect(ledger.reservation).toMatchObject({ status: "settled", estimateMicrousd: 720_000n });
    expect(ledger.charged).toBe(turnCost);
    expect(ledger.entries.reduce((sum, e) => sum + Number(e.heldDeltaMicrousd), 0)).toBe(0);
    const thread = await s.t.request<any>(
      "GET",
      `/api/v1/workspaces/${s.slug}/chat/threads/${threadId}`,
      { cookie: s.cookie },
    );
    expect(thread.body).toMatchObject({
      messageCount: 2,
      costMicrousd: turnCost,
      title: "How visible were we in November?",
    });
    expect(thread.body.messages.map((m: any) => m.messageId)).toEqual([
      turn.userMessage.messageId,
      message.messageId,
    ]);
  });

  it("streams the same turn as Server-Sent Events ending with done", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    scriptTurn();
    const response = await ask(s, threadId, "How visible were we?", {
      cookie: s.cookie,
      stream: true,
      key: "stream-1",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("idempotency-key")).toBe("stream-1");
    const events = parseSse(response.text);
    for (const { event, data } of events) expect(data.type).toBe(event);
    expect(events[0]?.data).toMatchObject({
      type: "turn_started",
      threadId,
      idempotencyKey: "stream-1",
    });
    expect(events.filter((e) => e.event === "step_started").map((e) => e.data.step)).toEqual([
      1, 2, 3,
    ]);
    expect(events.filter((e) => e.event === "tool_call").map((e) => e.data.name)).toEqual([
      "get_metrics",
      "get_credit_balance",
      "search_answers",
    ]);
    expect(events.find((e) => e.event === "tool_result")?.data.summary).toContain("41.2%");
    const deltas = events.filter((e) => e.event === "text_delta");
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((e) => e.data.text).join("")).toBe(answer);
    const done = events.at(-1)?.data;
    expect(done).toMatchObject({
      type: "done",
      status: "complete",
      costMicrousd: turnCost,
      usage: { inputTokens: 4000, outputTokens: 250 },
    });
    expect(done.message).toMatchObject({ content: answer, status: "complete" });
    expect((await ledgerOf(s.t, done.messageId)).charged).toBe(turnCost);
  });

  it("flags a number the tool results do not hold (grounding check)", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    s.model.queue(
      { toolCalls: [{ name: "get_metrics", arguments: range }] },
      { text: "Visibility was 41.2%, up from 35.5% last month." },
    );
    const response = await ask(s, threadId, "How visible were we?", { cookie: s.cookie });
    expect(response.body.assistantMessage.content).toBe(
      "Visibility was 41.2%, up from 35.5% last month.\n\n(Not found in the tool results: 35.5.)",
    );
  });
});

describe("a turn on Anthropic's Messages API (fake)", () => {
  let a: ChatServer;
  beforeAll(async () => {
    a = await startChatServer("anthropic");
  });
  afterAll(() => a.close());

  it("uses tool_use blocks and tool_result turns, streamed, and settles the token cost", async () => {
    const threadId = await createThread(a.t, a.slug, { cookie: a.cookie });
    a.model.queue(
      { text: "Let me look.", toolCalls: [{ name: "get_metrics", arguments: range }] },
      { text: "Visibility was 41.2%." },
    );
    const response = await ask(a, threadId, "Visibility?", { cookie: a.cookie, stream: true });
    const events = parseSse(response.text);
    const done = events.at(-1)?.data;
    // claude-sonnet-5-5: $2/M in, $10/M out; two steps of 1,000 + 100.
    expect(done).toMatchObject({
      type: "done",
      status: "complete",
      costMicrousd: 2 * (2000 + 1000),
    });
    expect(done.message).toMatchObject({
      provider: "anthropic",
      model: "claude-sonnet-5-5",
      content: "Let me look.\n\nVisibility was 41.2%.",
    });
    expect(
      events
        .filter((e) => e.event === "text_delta")
        .map((e) => e.data.text)
        .join(""),
    ).toBe(done.message.content);
    const second = a.model.requests[1]?.body;
    expect(second.system).toMatch(/untrusted data/);
    const toolResult = second.messages.at(-1).content[0];
    expect(toolResult).toMatchObject({ type: "tool_result", tool_use_id: "toolu_1_0" });
    expect(JSON.parse(toolResult.content).data.mentions).toBe(17);
    expect((await ledgerOf(a.t, done.messageId)).charged).toBe(6000);
  });
});
