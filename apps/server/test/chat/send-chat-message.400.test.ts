import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ask,
  type ChatServer,
  createThread,
  messagesPath,
  startChatServer,
} from "./chat-fixtures.js";

let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("simulated");
});
afterAll(() => s.close());

describe("chat input the contract refuses", () => {
  it("answers 400 invalid_request naming the field", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    const cases: Array<[string, () => Promise<any>, string]> = [
      ["empty question", () => ask(s, threadId, "", { cookie: s.cookie }), "body.content"],
      [
        "question too long",
        () => ask(s, threadId, "x".repeat(4001), { cookie: s.cookie }),
        "body.content",
      ],
      [
        "idempotency key with a space",
        () => ask(s, threadId, "hi", { cookie: s.cookie, key: "a b" }),
        "headers.idempotency-key",
      ],
      [
        "unknown body field",
        () =>
          s.t.request("POST", messagesPath(s.slug, threadId), {
            cookie: s.cookie,
            body: { content: "hi", model: "x" },
          }),
        "body.model",
      ],
      [
        "malformed thread id",
        () =>
          s.t.request("GET", `/api/v1/workspaces/${s.slug}/chat/threads/thread-1`, {
            cookie: s.cookie,
          }),
        "params.threadid",
      ],
      [
        "empty title",
        () =>
          s.t.request("PATCH", `/api/v1/workspaces/${s.slug}/chat/threads/${threadId}`, {
            cookie: s.cookie,
            body: { title: "" },
          }),
        "body.title",
      ],
      [
        "cursor this API never returned",
        () =>
          s.t.request("GET", `/api/v1/workspaces/${s.slug}/chat/threads?cursor=bm9wZQ`, {
            cookie: s.cookie,
          }),
        "query.cursor",
      ],
    ];
    for (const [name, send, field] of cases) {
      const response = await send();
      expect(response.status, name).toBe(400);
      expect(response.body.error.code, name).toBe("invalid_request");
      expect(
        response.body.error.details.fields.map((f: any) => f.field.toLowerCase()),
        name,
      ).toContain(field);
    }
    const thread = await s.t.request<any>(
      "GET",
      `/api/v1/workspaces/${s.slug}/chat/threads/${threadId}`,
      { cookie: s.cookie },
    );
    expect(thread.body.messages).toEqual([]);
  });
});
