import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../harness/test-server.js";
import { join } from "../team/team-fixtures.js";
import { ask, type ChatServer, createThread, startChatServer } from "./chat-fixtures.js";

/**
 * A chat thread belongs to the principal that created it (docs/chat.md, Who sees a thread):
 * a key sees and writes only its own threads, a member only their own; every other
 * principal's thread is 404 not_found on every route and missing from the list, as another
 * workspace's would be. A turn's history is its own thread's; no key posts into a member's
 * thread. Tool results a reader's scopes do not allow are not returned to that reader.
 */
let s: ChatServer;
let colleague: string;
beforeAll(async () => {
  s = await startChatServer("openai");
  colleague = (await join(s.t, s.cookie, s.slug, "chat-colleague@example.com", "admin")).cookie;
});
afterAll(() => s.close());

type Auth = { cookie: string } | { bearer: string };
const base = () => `/api/v1/workspaces/${s.slug}/chat/threads`;
const threadRoutes = (threadId: string): Array<[string, string, unknown?]> => [
  ["GET", `${base()}/${threadId}`],
  ["PATCH", `${base()}/${threadId}`, { title: "mine now" }],
  ["POST", `${base()}/${threadId}/messages`, { content: "What did they ask?" }],
  ["DELETE", `${base()}/${threadId}`],
];

async function expectHidden(t: TestServer, threadId: string, auth: Auth, who: string) {
  for (const [method, path, body] of threadRoutes(threadId)) {
    const response = await t.request<any>(method, path, { ...auth, ...(body ? { body } : {}) });
    expect(response.status, `${who}: ${method} ${path}`).toBe(404);
    expect(response.body.error.code).toBe("not_found");
  }
  const listed = await t.request<any>("GET", `${base()}?limit=100`, auth);
  expect(listed.status).toBe(200);
  expect(listed.body.data.map((thread: any) => thread.threadId)).not.toContain(threadId);
}

const inputText = (request: { body: any }) => JSON.stringify(request.body.input);

describe("who sees a chat thread", () => {
  it("a member's thread: hidden from keys and from other members; no key posts into it", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    s.model.queue({ text: "Noted." });
    expect(
      (await ask(s, threadId, "Our secret plan is Zephyr.", { cookie: s.cookie })).status,
    ).toBe(200);
    const key = await s.t.mintKey(s.cookie, s.slug, ["chat:read", "chat:write", "metrics:read"]);
    s.model.requests.length = 0;
    await expectHidden(s.t, threadId, { bearer: key.secret }, "a key of the owner");
    await expectHidden(s.t, threadId, { cookie: colleague }, "another member");
    // Nothing reached the model: the key's turn in the member's thread never started.
    expect(s.model.requests).toHaveLength(0);
    const thread = await s.t.request<any>("GET", `${base()}/${threadId}`, { cookie: s.cookie });
    expect(thread.body).toMatchObject({ title: "Our secret plan is Zephyr.", messageCount: 2 });
  });

  it("a key's thread: hidden from other keys and from every member", async () => {
    const key = await s.t.mintKey(s.cookie, s.slug, ["chat:read", "chat:write"]);
    const other = await s.t.mintKey(s.cookie, s.slug, ["chat:read", "chat:write"]);
    const threadId = await createThread(s.t, s.slug, { bearer: key.secret });
    await expectHidden(s.t, threadId, { bearer: other.secret }, "another key");
    await expectHidden(s.t, threadId, { cookie: s.cookie }, "the member who made the key");
    await expectHidden(s.t, threadId, { cookie: colleague }, "another member");
    const own = await s.t.request<any>("GET", `${base()}?limit=100`, { bearer: key.secret });
    expect(own.body.data.map((thread: any) => thread.threadId)).toEqual([threadId]);
  });

  it("a turn's history is its own thread's, never another thread's", async () => {
    const key = await s.t.mintKey(s.cookie, s.slug, ["chat:read", "chat:write"]);
    const first = await createThread(s.t, s.slug, { bearer: key.secret });
    const second = await createThread(s.t, s.slug, { bearer: key.secret });
    s.model.queue({ text: "Noted the first." });
    await ask(s, first, "Remember the word Quokka.", { bearer: key.secret });
    s.model.requests.length = 0;
    s.model.queue({ text: "Nothing to recall." });
    expect((await ask(s, second, "What word?", { bearer: key.secret })).status).toBe(200);
    expect(inputText(s.model.requests[0] as { body: any })).not.toContain("Quokka");
    s.model.requests.length = 0;
    s.model.queue({ text: "Quokka." });
    await ask(s, first, "And here?", { bearer: key.secret });
    expect(inputText(s.model.requests[0] as { body: any })).toContain("Quokka");
  });

  it("returns a stored tool result only to a reader whose scopes allow that tool", async () => {
    const key = await s.t.mintKey(s.cookie, s.slug, ["chat:read", "chat:write", "metrics:read"]);
    const threadId = await createThread(s.t, s.slug, { bearer: key.secret });
    s.model.queue({ toolCalls: [{ name: "get_metrics", arguments: {} }] }, { text: "41.2%." });
    const turn = await ask(s, threadId, "Visibility?", { bearer: key.secret });
    expect(turn.status).toBe(200);
    // A turn stored in this thread by a principal holding recs:read (a member posting into
    // a key's thread, as the server allowed before threads had owners).
    const messageId = turn.body.assistantMessage.messageId;
    const row = await s.t.server.ctx.prisma.chatMessage.findUniqueOrThrow({
      where: { id: messageId },
    });
    const recsCitation = {
      kind: "metric",
      metric: "recommendations",
      filter: { status: "pending" },
    };
    const planted = {
      kind: "tool",
      index: 1,
      callId: "call_planted",
      name: "list_recommendations",
      arguments: { status: "pending" },
      summary: "1 pending recommendation: Publish a comparison page",
      result: { recommendations: [{ title: "Publish a comparison page" }] },
      error: null,
      citations: [recsCitation],
    };
    await s.t.server.ctx.prisma.chatMessage.update({
      where: { id: messageId },
      data: {
        steps: [...(row.steps as object[]), planted],
        citations: [...(row.citations as object[]), recsCitation],
      },
    });
    const read = await s.t.request<any>("GET", `${base()}/${threadId}`, { bearer: key.secret });
    expect(read.status).toBe(200);
    const message = read.body.messages.find((m: any) => m.messageId === messageId);
    expect(JSON.stringify(message)).not.toContain("comparison page");
    const hidden = message.steps.find((step: any) => step.callId === "call_planted");
    expect(hidden).toMatchObject({
      name: "list_recommendations",
      arguments: {},
      result: null,
      error: "insufficient_scope",
      citations: [],
    });
    expect(message.citations).not.toContainEqual(recsCitation);
    const metrics = message.steps.find((step: any) => step.name === "get_metrics");
    expect(metrics).toMatchObject({
      error: null,
      result: expect.objectContaining({ mentions: 17 }),
    });
    expect(message.citations).toContainEqual(expect.objectContaining({ metric: "visibility" }));
  });
});
