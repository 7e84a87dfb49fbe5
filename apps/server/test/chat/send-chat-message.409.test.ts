import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../harness/eventually.js";
import { ask, type ChatServer, createThread, startChatServer } from "./chat-fixtures.js";

let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("openai");
});
afterAll(() => s.close());

describe("chat conflicts", () => {
  it("an idempotency key reused with another question is 409 idempotency_key_reused", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    expect(
      (await ask(s, threadId, "first question", { cookie: s.cookie, key: "k-409" })).status,
    ).toBe(200);
    const reused = await ask(s, threadId, "another question", { cookie: s.cookie, key: "k-409" });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("idempotency_key_reused");
  });

  it("a new question while a turn of the thread runs is 409 chat_turn_in_progress; so is deleting it", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    const release = s.model.hold();
    const running = ask(s, threadId, "slow question", { cookie: s.cookie });
    const prisma = s.t.server.ctx.prisma;
    const busy = await eventually(
      async () =>
        (await prisma.chatMessage.findFirst({ where: { threadId, status: "running" } })) ??
        undefined,
    );
    const second = await ask(s, threadId, "impatient question", { cookie: s.cookie });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: "chat_turn_in_progress",
      details: { messageId: busy.id },
    });
    const deleted = await s.t.request<any>(
      "DELETE",
      `/api/v1/workspaces/${s.slug}/chat/threads/${threadId}`,
      { cookie: s.cookie },
    );
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.code).toBe("chat_turn_in_progress");
    release();
    expect((await running).status).toBe(200);
    expect((await ask(s, threadId, "impatient question", { cookie: s.cookie })).status).toBe(200);
  });
});
