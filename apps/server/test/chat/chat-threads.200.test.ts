import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, type ChatServer, createThread, startChatServer } from "./chat-fixtures.js";

let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("simulated");
});
afterAll(() => s.close());

describe("chat threads", () => {
  it("are created, listed by cursor, read with messages, renamed and deleted", async () => {
    const base = `/api/v1/workspaces/${s.slug}/chat/threads`;
    const titled = await s.t.request<any>("POST", base, {
      cookie: s.cookie,
      body: { title: "Q4 review" },
    });
    expect(titled.status).toBe(201);
    expect(titled.body).toMatchObject({ title: "Q4 review", messageCount: 0, costMicrousd: 0 });
    const ids = [titled.body.threadId];
    for (let i = 0; i < 2; i++) ids.push(await createThread(s.t, s.slug, { cookie: s.cookie }));
    const first = await s.t.request<any>("GET", `${base}?limit=2`, { cookie: s.cookie });
    expect(first.body.data.map((t: any) => t.threadId)).toEqual([ids[2], ids[1]]);
    const second = await s.t.request<any>(
      "GET",
      `${base}?limit=2&cursor=${first.body.nextCursor}`,
      { cookie: s.cookie },
    );
    expect(second.body).toMatchObject({ data: [{ threadId: ids[0] }], nextCursor: null });

    const threadId = ids[1] as string;
    await ask(s, threadId, "What is our credit balance?", { cookie: s.cookie });
    const read = await s.t.request<any>("GET", `${base}/${threadId}`, { cookie: s.cookie });
    expect(read.body).toMatchObject({ title: "What is our credit balance?", messageCount: 2 });
    expect(read.body.messages.map((m: any) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    const renamed = await s.t.request<any>("PATCH", `${base}/${threadId}`, {
      cookie: s.cookie,
      body: { title: "Credits" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ threadId, title: "Credits", messageCount: 2 });
    expect((await s.t.request("DELETE", `${base}/${threadId}`, { cookie: s.cookie })).status).toBe(
      204,
    );
    expect((await s.t.request("GET", `${base}/${threadId}`, { cookie: s.cookie })).status).toBe(
      404,
    );
    const audits = await s.t.server.ctx.prisma.auditEvent.findMany({
      where: { targetId: threadId },
    });
    expect(audits.map((a) => a.action).sort()).toEqual([
      "chat_thread.create",
      "chat_thread.delete",
      "chat_thread.rename",
    ]);
  });
});
