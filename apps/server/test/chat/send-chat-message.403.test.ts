import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, type ChatServer, createThread, startChatServer } from "./chat-fixtures.js";

/**
 * Scopes reach into the chat: a key with chat:write but not recs:read (nor
 * credits:read) is not offered those tools, and a call the model makes to one
 * anyway is refused; without chat:write the turn itself is 403.
 */
let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("openai");
});
afterAll(() => s.close());

describe("a key's scopes in the chat", () => {
  it("offers only the tools the key may call and refuses the others", async () => {
    const key = await s.t.mintKey(s.cookie, s.slug, ["chat:read", "chat:write", "metrics:read"]);
    const threadId = await createThread(s.t, s.slug, { bearer: key.secret });
    s.model.requests.length = 0;
    s.model.queue(
      {
        toolCalls: [
          { name: "list_recommendations", arguments: {} },
          { name: "get_metrics", arguments: {} },
        ],
      },
      { text: "I cannot read recommendations with this key." },
    );
    const response = await ask(s, threadId, "Any recommendations?", { bearer: key.secret });
    expect(response.status).toBe(200);
    const offered = s.model.requests[0]?.body.tools.map((tool: any) => tool.name);
    expect(offered).toContain("get_metrics");
    expect(offered).not.toContain("list_recommendations");
    expect(offered).not.toContain("get_credit_balance");
    const [refused, allowed] = response.body.assistantMessage.steps.filter(
      (step: any) => step.kind === "tool",
    );
    expect(refused).toMatchObject({
      name: "list_recommendations",
      error: "insufficient_scope",
      result: null,
      citations: [],
    });
    expect(allowed).toMatchObject({ name: "get_metrics", error: null });
    // The refusal is what the model read, as data.
    const output = s.model.requests[1]?.body.input.find(
      (item: any) => item.type === "function_call_output",
    );
    expect(JSON.parse(output.output)).toMatchObject({ error: { code: "insufficient_scope" } });
    expect(response.body.assistantMessage.citations).toEqual([
      expect.objectContaining({ kind: "metric", metric: "visibility" }),
    ]);
  });

  it("needs chat:write to ask and chat:read to read", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    const reader = await s.t.mintKey(s.cookie, s.slug, ["chat:read", "recs:read"]);
    const asked = await ask(s, threadId, "hi", { bearer: reader.secret });
    expect(asked.status).toBe(403);
    expect(asked.body.error).toMatchObject({
      code: "insufficient_scope",
      details: { requiredScope: "chat:write" },
    });
    const writer = await s.t.mintKey(s.cookie, s.slug, ["chat:write"]);
    const listed = await s.t.request<any>("GET", `/api/v1/workspaces/${s.slug}/chat/threads`, {
      bearer: writer.secret,
    });
    expect(listed.status).toBe(403);
    expect(listed.body.error.details.requiredScope).toBe("chat:read");
    expect(await s.t.server.ctx.prisma.chatMessage.count({ where: { threadId } })).toBe(0);
  });
});
