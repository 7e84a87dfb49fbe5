import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../harness/eventually.js";
import { ask, type ChatServer, createThread, startChatServer } from "./chat-fixtures.js";

/** A turn reserves 720,000 up front; without it, 402 with what is required and available, and nothing stored. */
let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("openai");
});
afterAll(() => s.close());

describe("a turn the balance cannot hold", () => {
  it("is 402 insufficient_credits with details, and stores nothing", async () => {
    // The free grant is 1,000,000: one running turn holds 720,000 of it.
    const busy = await createThread(s.t, s.slug, { cookie: s.cookie });
    const release = s.model.hold();
    const first = ask(s, busy, "How visible were we?", { cookie: s.cookie });
    const prisma = s.t.server.ctx.prisma;
    await eventually(
      async () =>
        (await prisma.chatMessage.count({ where: { threadId: busy, status: "running" } })) ||
        undefined,
    );
    const other = await createThread(s.t, s.slug, { cookie: s.cookie });
    const refused = await ask(s, other, "And the credits?", { cookie: s.cookie, key: "refused-1" });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      code: "insufficient_credits",
      details: { requiredMicrousd: 720_000, availableMicrousd: 280_000 },
    });
    expect(await prisma.chatMessage.count({ where: { threadId: other } })).toBe(0);
    expect(await prisma.idempotencyRecord.count({ where: { key: "refused-1" } })).toBe(0);
    release();
    expect((await first).status).toBe(200);
    // Once the first turn settled, the same key starts the turn (the 402 was not recorded).
    const retried = await ask(s, other, "And the credits?", { cookie: s.cookie, key: "refused-1" });
    expect(retried.status).toBe(200);
    expect(retried.body.assistantMessage.status).toBe("complete");
  });
});
