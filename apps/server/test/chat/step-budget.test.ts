import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatInputBudgetTokens } from "../../src/engines/catalog/chat-step-budget.js";
import type { AssistantTool } from "../../src/services/assistant-tools/types.js";
import type { AssistantToolbox } from "../../src/services/chat/assistant-toolbox.js";
import type { RecordedModelRequest } from "../fakes/fake-chat-model.js";
import {
  ask,
  type ChatServer,
  createThread,
  ledgerOf,
  startChatServer,
  testToolbox,
} from "./chat-fixtures.js";

/**
 * A model that asks for 20 large `get_answer` results at every step, on the catalog's most
 * expensive model allowed for chat, with a fake that bills every byte of text it is sent as an
 * input token and the whole output cap: every step stays under its 120,000 micro-USD ceiling,
 * and the ledger is exactly the fake's usage at the catalog's prices (nothing capped away).
 */
const bigAnswer: AssistantTool = {
  name: "get_answer",
  description: "One stored engine answer with its citations.",
  inputSchema: { type: "object", properties: { responseId: { type: "string" } } },
  requiredScope: "runs:read",
  async execute({ args }) {
    return {
      data: {
        responseId: args.responseId,
        untrustedAnswer: "Runner Analytics is great. ".repeat(1500),
      },
      summary: `answer ${String(args.responseId)}`,
      citations: [],
    };
  },
};
const toolbox: AssistantToolbox = {
  toolsFor: (principal) => [...testToolbox.toolsFor(principal), bigAnswer],
  call: (input) =>
    input.name === "get_answer"
      ? bigAnswer.execute({ op: input.op, args: input.args as Record<string, unknown> })
      : testToolbox.call(input),
};

/** Every string the request carries, in UTF-8 bytes: more than a tokenizer would count. */
function textBytes(value: unknown): number {
  if (typeof value === "string") return Buffer.byteLength(value, "utf8");
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + textBytes(v), 0);
  if (value && typeof value === "object")
    return Object.values(value).reduce((sum: number, v) => sum + textBytes(v), 0);
  return 0;
}

let s: ChatServer;
let model: { provider: "openai" | "anthropic"; id: string; input: bigint; output: bigint };
const usages: Array<{ inputTokens: number; outputTokens: number }> = [];

beforeAll(async () => {
  // The catalog's most expensive model allowed for chat (highest input, then output price); a
  // retired model is allowed for nothing.
  const { builtinModelCatalog } = await import("../../src/engines/catalog/model-catalog.js");
  const chat = builtinModelCatalog.models
    .filter((m) => m.uses.includes("chat") && m.status !== "retired")
    .sort(
      (a, b) =>
        Number(b.prices.inputPerMillion - a.prices.inputPerMillion) ||
        Number(b.prices.outputPerMillion - a.prices.outputPerMillion) ||
        a.id.localeCompare(b.id),
    )[0];
  if (!chat || (chat.provider !== "openai" && chat.provider !== "anthropic"))
    throw new Error("no chat model");
  model = {
    provider: chat.provider,
    id: chat.id,
    input: chat.prices.inputPerMillion,
    output: chat.prices.outputPerMillion,
  };
  s = await startChatServer(model.provider, { assistantToolbox: toolbox });
  const current = await s.t.request<any>("GET", `/api/v1/workspaces/${s.slug}/model`, {
    cookie: s.cookie,
  });
  const put = await s.t.request("PUT", `/api/v1/workspaces/${s.slug}/model`, {
    cookie: s.cookie,
    body: {
      engines: current.body.engines,
      weights: current.body.weights,
      assistant: { provider: model.provider, model: model.id },
    },
  });
  expect(put.status, put.text).toBe(200);
});
afterAll(() => s.close());

const priced = (u: { inputTokens: number; outputTokens: number }) =>
  Number(
    (BigInt(u.inputTokens) * model.input + BigInt(u.outputTokens) * model.output + 999_999n) /
      1_000_000n,
  );

describe("a chat step's worst case stays within its ceiling", () => {
  it("20 large get_answer calls a step: every step under 120,000, the ledger = usage x catalog prices", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    // Some long history first: it is what gets cut first.
    for (let i = 0; i < 3; i++) {
      s.model.queue({ text: `Earlier answer ${i}: ${"long history text ".repeat(1500)}` });
      expect((await ask(s, threadId, `Earlier question ${i}`, { cookie: s.cookie })).status).toBe(
        200,
      );
    }
    s.model.requests.length = 0;
    const step = (request: RecordedModelRequest) => {
      const usage = { inputTokens: textBytes(request.body), outputTokens: 1024 };
      usages.push(usage);
      return request.body.tools
        ? {
            text: "Reading answers.",
            toolCalls: Array.from({ length: 20 }, (_, i) => ({
              name: "get_answer",
              arguments: { responseId: `rsp_${i}` },
            })),
            usage,
          }
        : { text: "Runner Analytics is described as great.", usage };
    };
    for (let i = 0; i < 6; i++) s.model.queue(step);
    const response = await ask(s, threadId, "Read every answer of the last run", {
      cookie: s.cookie,
    });
    expect(response.status, response.text).toBe(200);
    const message = response.body.assistantMessage;
    expect(message.status).toBe("complete");
    const modelSteps = message.steps.filter((st: any) => st.kind === "model");
    expect(modelSteps).toHaveLength(6);
    expect(usages).toHaveLength(6);
    const costs = usages.map(priced);
    for (const cost of costs) expect(cost).toBeLessThanOrEqual(120_000);
    expect(modelSteps.map((st: any) => st.costMicrousd)).toEqual(costs);
    const total = costs.reduce((sum, c) => sum + c, 0);
    expect(message.costMicrousd).toBe(total);
    expect((await ledgerOf(s.t, message.messageId)).charged).toBe(total);
    // At most 4 calls a step were run; the rest, and those past the turn's output, were refused.
    const tools = message.steps.filter((st: any) => st.kind === "tool");
    expect(tools).toHaveLength(5 * 20);
    const run = tools.filter((st: any) => st.error === null);
    expect(run.length).toBeLessThanOrEqual(4);
    expect(new Set(tools.map((st: any) => st.error))).toEqual(
      new Set([null, "tool_call_limit", "turn_tool_output_limit"]),
    );
    // What was sent stayed within the model's budget.
    const budget = chatInputBudgetTokens({
      prices: { inputPerMillion: model.input, outputPerMillion: model.output },
    });
    for (const usage of usages) expect(usage.inputTokens).toBeLessThanOrEqual(budget);
  });
});
