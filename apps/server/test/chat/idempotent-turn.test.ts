import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, type ChatServer, createThread, parseSse, startChatServer } from "./chat-fixtures.js";

/** The same Idempotency-Key returns the stored turn (same ids), even while it runs, and never charges twice. */
let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("openai");
});
afterAll(() => s.close());

describe("a retried chat message", () => {
  it("gets the first turn back, waiting for it while it runs, with one charge", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    s.model.latencyMs = 300;
    s.model.queue(
      { toolCalls: [{ name: "get_metrics", arguments: {} }] },
      { text: "Visibility was 41.2%." },
    );
    const first = ask(s, threadId, "Visibility?", { cookie: s.cookie, key: "retry-1" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const whileRunning = await ask(s, threadId, "Visibility?", {
      cookie: s.cookie,
      key: "retry-1",
    });
    const original = await first;
    const after = await ask(s, threadId, "Visibility?", {
      cookie: s.cookie,
      key: "retry-1",
      stream: true,
    });
    expect(original.status).toBe(200);
    expect(whileRunning.status).toBe(200);
    expect(whileRunning.body).toEqual(original.body);
    expect(whileRunning.headers.get("idempotency-key")).toBe("retry-1");
    const events = parseSse(after.text);
    expect(events[0]?.data).toMatchObject({
      type: "turn_started",
      messageId: original.body.assistantMessage.messageId,
    });
    expect(events.at(-1)?.data).toMatchObject({
      type: "done",
      message: original.body.assistantMessage,
    });
    expect(events.filter((e) => e.event === "tool_call").map((e) => e.data.name)).toEqual([
      "get_metrics",
    ]);
    const prisma = s.t.server.ctx.prisma;
    expect(s.model.requests).toHaveLength(2);
    expect(await prisma.chatMessage.count({ where: { threadId } })).toBe(2);
    expect(
      await prisma.creditReservation.count({
        where: { operation: "chat", operationId: original.body.assistantMessage.messageId },
      }),
    ).toBe(1);
    expect(await prisma.creditReservation.count({ where: { operation: "chat" } })).toBe(1);
    // Without a key, each request is its own turn (the server generates a fresh key).
    s.model.latencyMs = 0;
    const a = await ask(s, threadId, "Again?", { cookie: s.cookie });
    const b = await ask(s, threadId, "Again?", { cookie: s.cookie });
    expect(a.headers.get("idempotency-key")).not.toBe(b.headers.get("idempotency-key"));
    expect(a.body.assistantMessage.messageId).not.toBe(b.body.assistantMessage.messageId);
  });
});
