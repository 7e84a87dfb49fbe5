import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, type ChatServer, createThread, startChatServer } from "./chat-fixtures.js";

/**
 * How the assistant's OpenAI stream can end besides `response.completed`: `response.incomplete`
 * (the output cap or the content filter cut it) keeps the text so far and is charged its usage;
 * an `error` event fails the turn saying so, not as a network failure.
 */
let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("openai");
});
afterAll(() => s.close());

describe("the assistant's OpenAI stream ends", () => {
  it("response.incomplete: the text so far is the answer, charged what was used", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    s.model.queue({
      text: "Visibility rose in November, ahead of",
      incomplete: "max_output_tokens",
      usage: { inputTokens: 1000, outputTokens: 100 },
    });
    const response = await ask(s, threadId, "How visible were we?", { cookie: s.cookie });
    expect(response.status).toBe(200);
    expect(response.body.assistantMessage).toMatchObject({
      content: "Visibility rose in November, ahead of",
      // gpt-4.1-mini: 1,000 × $0.40/M + 100 × $1.60/M.
      costMicrousd: 400 + 160,
    });
  });

  it("an error event fails the turn with the provider's message", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    s.model.queue({
      text: "Visibility",
      streamError: {
        code: "server_error",
        message: "The server had an error processing your request.",
      },
    });
    const response = await ask(s, threadId, "How visible were we?", { cookie: s.cookie });
    const message = response.body.assistantMessage;
    expect(message.error).toBe(
      "model_error: OpenAI ended its stream with an error: The server had an error processing your request.",
    );
  });
});
