import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantToolbox } from "../../src/services/chat/assistant-toolbox.js";
import { ask, type ChatServer, createThread, startChatServer } from "../chat/chat-fixtures.js";

/**
 * Errors are logged by name, message, code and stack only (`logger.ts`'s `err` serializer),
 * never by the properties client libraries hang on them: an HTTP client's error carries its
 * request options (`config`, with the Authorization header), the response's `headers`, the
 * `request` and `response`. Here a tool of the chat assistant throws one such error through
 * the real server (the turn fails and is logged); nothing of what it carries may be logged.
 */
const secret = "ya29.a0-super-secret-access-token";

class LibraryError extends Error {
  override name = "GaxiosError";
  code = "ERR_BAD_RESPONSE";
  config = { url: "https://www.googleapis.com/x", headers: { Authorization: `Bearer ${secret}` } };
  headers = { "set-cookie": `sid=${secret}` };
  request = { responseURL: `https://www.googleapis.com/x?access_token=${secret}` };
  response = { status: 500, data: { token: secret } };
  status = 500;
}

const leakyToolbox: AssistantToolbox = {
  toolsFor: () => [
    {
      name: "get_credit_balance",
      description: "The credit balance.",
      inputSchema: { type: "object", properties: {} },
      requiredScope: "credits:read",
      execute: async () => {
        throw new LibraryError("Request failed with status code 500");
      },
    },
  ],
  call: async () => {
    throw new LibraryError("Request failed with status code 500");
  },
};

let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("simulated", { assistantToolbox: leakyToolbox });
});
afterAll(() => s?.close());

describe("an error is logged without what a library hung on it", () => {
  it("keeps name, message, code and stack; drops config, headers, request and response", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    await ask(s, threadId, "What is our credit balance?", { cookie: s.cookie });
    const line = s.t.logs.find((entry) => entry.includes("chat turn failed"));
    expect(line, s.t.logs.join("\n")).toBeDefined();
    const logged = JSON.parse(line as string).err;
    expect(logged).toMatchObject({
      name: "GaxiosError",
      message: "Request failed with status code 500",
      code: "ERR_BAD_RESPONSE",
      stack: expect.stringContaining("GaxiosError: Request failed with status code 500\n    at "),
    });
    expect(Object.keys(logged).sort()).toEqual(["code", "message", "name", "stack"]);
    expect(s.t.logs.join("\n")).not.toContain(secret);
  });
});
