import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistantTools } from "../../src/services/assistant-tools/registry.js";
import { ungroundedNumbers } from "../../src/services/chat/grounding.js";
import type { RecordedModelRequest } from "../fakes/fake-chat-model.js";
import { ask, createThread, parseSse } from "./chat-fixtures.js";
import {
  type RealToolsServer,
  runDay,
  startRealToolsServer,
  toolSteps,
} from "./real-tools-fixtures.js";

/**
 * The chat on the registry's real tools (no stand-ins) over a workspace with
 * a real simulated run: the numbers and citations of a turn come from the
 * stored run, and a key's scopes decide which real tools a model is offered.
 */
const question = "What is our visibility and which answers mention us?";

/** The last function_call_output the model received, parsed. */
function lastToolOutput(request: RecordedModelRequest | undefined): any {
  const outputs = (request?.body.input ?? []).filter(
    (item: any) => item.type === "function_call_output",
  );
  return JSON.parse(outputs.at(-1).output);
}

/** Every number the message states is in what its tools returned (or the question). */
function expectGrounded(message: any, asked: string) {
  const sources = toolSteps(message).flatMap((step) => [step.result, step.summary]);
  expect(ungroundedNumbers(message.content, sources, asked)).toEqual([]);
  expect(message.content).not.toContain("Not found in the tool results");
}

describe("the simulated assistant on the real tools", () => {
  let s: RealToolsServer;
  beforeAll(async () => {
    s = await startRealToolsServer("simulated");
  }, 180_000);
  afterAll(() => s.close());

  it("reads metrics and stored answers, citing the run's real responses", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    const response = await ask(s, threadId, question, { cookie: s.cookie });
    expect(response.status).toBe(200);
    const message = response.body.assistantMessage;
    expect(message).toMatchObject({ status: "complete", simulated: true, costMicrousd: 0 });
    const steps = toolSteps(message);
    expect(steps.map((step) => [step.name, step.error])).toEqual([
      ["get_metrics", null],
      ["search_answers", null],
    ]);
    expect(steps[1].result.answers.length).toBeGreaterThan(0);
    const stored = new Set(s.answers.map((a) => a.responseId));
    const cited = message.citations.filter((c: any) => c.kind === "response");
    expect(cited.length).toBeGreaterThan(0);
    for (const citation of cited) {
      expect(citation.runId).toBe(s.runId);
      expect(stored.has(citation.responseId)).toBe(true);
    }
    expect(message.citations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "metric", metric: "composite" }),
        expect.objectContaining({ kind: "metric", metric: "share_of_voice" }),
      ]),
    );
    expect(message.content).toMatch(/get_metrics: composite \d/);
    expectGrounded(message, question);
  });
});

describe("the OpenAI model on the real tools", () => {
  let s: RealToolsServer;
  beforeAll(async () => {
    s = await startRealToolsServer("openai");
  }, 180_000);
  afterAll(() => s.close());

  it("streams a turn that calls get_metrics and answers from its result", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    s.model.requests.length = 0;
    s.model.queue(
      { toolCalls: [{ name: "get_metrics", arguments: { to: runDay } }] },
      // A grounded model: it restates what the tool output says.
      (request) => ({ text: `From the metrics: ${lastToolOutput(request).summary}.` }),
    );
    const response = await ask(s, threadId, question, { cookie: s.cookie, stream: true });
    expect(response.status).toBe(200);
    const events = parseSse(response.text);
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    const message = done?.data.message;
    expect(message.status).toBe("complete");
    const [metrics] = toolSteps(message);
    expect(metrics).toMatchObject({ name: "get_metrics", error: null });
    expect(message.content).toMatch(/^From the metrics: composite \d/);
    expect(message.citations).toEqual(
      expect.arrayContaining([{ kind: "metric", metric: "composite", filter: { date: runDay } }]),
    );
    expectGrounded(message, question);
    expect(
      events
        .filter((e) => e.event === "text_delta")
        .map((e) => e.data.text)
        .join(""),
    ).toBe(message.content);
  });

  it("offers a metrics-only key only the metrics tools, and refuses the others as a tool result", async () => {
    const key = await s.t.mintKey(s.cookie, s.slug, ["chat:write", "metrics:read"]);
    const threadId = await createThread(s.t, s.slug, { bearer: key.secret });
    s.model.requests.length = 0;
    s.model.queue(
      { toolCalls: [{ name: "list_recommendations", arguments: {} }] },
      { text: "Recommendations are not readable with this key." },
    );
    const response = await ask(s, threadId, "Any recommendations?", { bearer: key.secret });
    expect(response.status).toBe(200);
    const offered = s.model.requests[0]?.body.tools.map((tool: any) => tool.name);
    const metricsTools = assistantTools
      .filter((tool) => tool.requiredScope === "metrics:read")
      .map((tool) => tool.name);
    expect(offered).toEqual(metricsTools);
    expect(offered).toEqual(expect.arrayContaining(["get_metrics", "get_timeseries"]));
    const message = response.body.assistantMessage;
    expect(message.status).toBe("complete");
    expect(toolSteps(message)).toEqual([
      expect.objectContaining({
        name: "list_recommendations",
        error: "insufficient_scope",
        result: null,
      }),
    ]);
    expect(lastToolOutput(s.model.requests[1])).toMatchObject({
      error: { code: "insufficient_scope" },
    });
    expect(message.content).toBe("Recommendations are not readable with this key.");
  });
});
