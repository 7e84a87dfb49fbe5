import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../harness/eventually.js";
import {
  type ChatServer,
  createThread,
  ledgerOf,
  messagesPath,
  startChatServer,
} from "./chat-fixtures.js";

/** A client that disconnects mid-stream stops nothing: the turn finishes, is stored, and is charged once. */
let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("openai");
});
afterAll(() => s.close());

describe("a streamed turn whose client goes away", () => {
  it("finishes and is stored complete with one charge", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    // Held until the client has gone: the model answers a turn nobody listens to any more.
    const release = s.model.hold();
    s.model.queue(
      { toolCalls: [{ name: "get_metrics", arguments: {} }] },
      { text: "Visibility was 41.2%." },
    );
    const abort = new AbortController();
    const response = await fetch(`${s.t.server.url}${messagesPath(s.slug, threadId)}`, {
      method: "POST",
      headers: {
        cookie: s.cookie,
        "content-type": "application/json",
        accept: "text/event-stream",
      },
      body: JSON.stringify({ content: "Visibility?" }),
      signal: abort.signal,
    });
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain("event: turn_started");
    abort.abort();
    await reader?.cancel().catch(() => undefined);
    release();

    const prisma = s.t.server.ctx.prisma;
    const stored = await eventually(async () => {
      const row = await prisma.chatMessage.findFirst({ where: { threadId, role: "assistant" } });
      return row && row.status !== "running" ? row : undefined;
    });
    expect(stored).toMatchObject({ status: "complete", content: "Visibility was 41.2%." });
    expect(s.model.requests).toHaveLength(2);
    const ledger = await ledgerOf(s.t, stored.id);
    expect(ledger.charged).toBe(2 * 560);
    expect(Number(stored.costMicrousd)).toBe(ledger.charged);
    expect(ledger.entries.filter((e) => e.kind === "settlement")).toHaveLength(1);
    const thread = await s.t.request<any>(
      "GET",
      `/api/v1/workspaces/${s.slug}/chat/threads/${threadId}`,
      { cookie: s.cookie },
    );
    expect(thread.body.messages.at(-1)).toMatchObject({ status: "complete", costMicrousd: 1120 });
  });
});
