import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeChatModel } from "../fakes/fake-chat-model.js";
import { ask, type ChatServer, createThread, ledgerOf, startChatServer } from "./chat-fixtures.js";

/** A model that always wants another tool: the sixth step is asked without tools and the turn ends there. */
let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("openai");
});
afterAll(() => s.close());

describe("the sixth-step cap", () => {
  it("stops after 6 model steps, the last without tools, charged for six", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    s.model.requests.length = 0;
    for (let i = 0; i < 6; i++) {
      s.model.queue({
        text: `Step ${i + 1} of the look-up.`,
        toolCalls: [{ name: "get_metrics", arguments: {} }],
      });
    }
    const response = await ask(s, threadId, "Dig as deep as you can, 1 2 3 4 5 6", {
      cookie: s.cookie,
    });
    const message = response.body.assistantMessage;
    expect(message.status).toBe("complete");
    const modelSteps = message.steps.filter((step: any) => step.kind === "model");
    expect(modelSteps.map((step: any) => [step.index, step.toolsOffered])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
      [5, true],
      [6, false],
    ]);
    // The sixth step's tool call was not made.
    expect(message.steps.filter((step: any) => step.kind === "tool")).toHaveLength(5);
    expect(s.model.requests).toHaveLength(6);
    expect(s.model.requests[4]?.body.tools).toBeDefined();
    expect(s.model.requests[5]?.body.tools).toBeUndefined();
    expect(message.costMicrousd).toBe(6 * 560);
    expect((await ledgerOf(s.t, message.messageId)).charged).toBe(6 * 560);
    expect(FakeChatModel).toBeDefined();
  });
});
