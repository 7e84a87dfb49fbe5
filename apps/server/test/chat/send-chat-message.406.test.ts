import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, type ChatServer, createThread, startChatServer } from "./chat-fixtures.js";

let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("simulated");
});
afterAll(() => s.close());

describe("a turn asked for in a media type it has not", () => {
  it("is 406 not_acceptable before anything is stored", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    const response = await ask(s, threadId, "hi", {
      cookie: s.cookie,
      headers: { accept: "text/html" },
    });
    expect(response.status).toBe(406);
    expect(response.body.error.code).toBe("not_acceptable");
    expect(await s.t.server.ctx.prisma.chatMessage.count({ where: { threadId } })).toBe(0);
  });
});
