import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, type ChatServer, createThread, startChatServer } from "./chat-fixtures.js";

/** Another workspace's thread is 404 not_found on every route; another workspace's slug 404 workspace_not_found. */
let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("simulated");
});
afterAll(() => s.close());

describe("chat threads across workspaces", () => {
  it("cannot be seen, renamed, deleted or asked from another workspace", async () => {
    const outsider = await s.t.signIn("chat-outsider@example.com");
    const foreignSlug = await s.t.createWorkspace(outsider, { brand: "chat-foreign" });
    const foreignThread = await createThread(s.t, foreignSlug, { cookie: outsider });
    const ownThread = await createThread(s.t, s.slug, { cookie: s.cookie });
    const key = await s.t.mintKey(s.cookie, s.slug, ["chat:read", "chat:write"]);
    const base = `/api/v1/workspaces/${s.slug}/chat/threads`;
    const threadRoutes = (threadId: string, slug = s.slug): Array<[string, string, unknown?]> => [
      ["GET", `/api/v1/workspaces/${slug}/chat/threads/${threadId}`],
      ["PATCH", `/api/v1/workspaces/${slug}/chat/threads/${threadId}`, { title: "mine now" }],
      ["DELETE", `/api/v1/workspaces/${slug}/chat/threads/${threadId}`],
      ["POST", `/api/v1/workspaces/${slug}/chat/threads/${threadId}/messages`, { content: "hi" }],
    ];
    for (const auth of [{ cookie: s.cookie }, { bearer: key.secret }]) {
      for (const [method, path, body] of threadRoutes(foreignThread)) {
        const response = await s.t.request<any>(method, path, {
          ...auth,
          ...(body ? { body } : {}),
        });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.error.code).toBe("not_found");
      }
      // The foreign workspace by slug: workspace_not_found, on every route.
      const foreignRoutes: Array<[string, string, unknown?]> = [
        ["GET", `/api/v1/workspaces/${foreignSlug}/chat/threads`],
        ["POST", `/api/v1/workspaces/${foreignSlug}/chat/threads`, {}],
        ...threadRoutes(foreignThread, foreignSlug),
      ];
      for (const [method, path, body] of foreignRoutes) {
        const response = await s.t.request<any>(method, path, {
          ...auth,
          ...(body ? { body } : {}),
        });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.error.code).toBe("workspace_not_found");
      }
    }
    const listed = await s.t.request<any>("GET", base, { cookie: s.cookie });
    expect(listed.body.data.map((thread: any) => thread.threadId)).toEqual([ownThread]);
    const foreign = await s.t.request<any>(
      "GET",
      `/api/v1/workspaces/${foreignSlug}/chat/threads/${foreignThread}`,
      { cookie: outsider },
    );
    expect(foreign.body).toMatchObject({ title: null, messageCount: 0 });
    expect((await ask(s, ownThread, "hi", { cookie: s.cookie })).status).toBe(200);
  }, 120_000);
});
