import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, type ChatServer, createThread, startChatServer } from "./chat-fixtures.js";

/** At most 30 turns per workspace per minute; a retry of a stored turn is not counted. */
let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("simulated");
});
afterAll(() => s.close());

describe("the chat rate limit", () => {
  it("answers 429 with Retry-After past 30 turns a minute", async () => {
    s.t.clock.set(new Date("2026-11-24T10:00:05Z"));
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    for (let i = 0; i < 30; i++) {
      const response = await ask(s, threadId, `credit balance ${i}?`, {
        cookie: s.cookie,
        key: `turn-${i}`,
      });
      expect(response.status).toBe(200);
    }
    const replay = await ask(s, threadId, "credit balance 0?", { cookie: s.cookie, key: "turn-0" });
    expect(replay.status).toBe(200);
    const limited = await ask(s, threadId, "one more?", { cookie: s.cookie });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toBe("55");
    s.t.clock.set(new Date("2026-11-24T10:01:00Z"));
    expect((await ask(s, threadId, "one more?", { cookie: s.cookie })).status).toBe(200);
  });
});
