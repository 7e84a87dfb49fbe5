import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WorkspaceReadCache } from "../../src/services/workspaces/workspace-read-cache.js";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { listenWorkspaceChanges } from "../harness/workspace-changes.js";
import { runAndWait, seedPrompt } from "../metrics/metrics-fixtures.js";
import { workspaceIdOf } from "../workspace-config/config-fixtures.js";

/**
 * A run's answer batches mark their change notices `recorded`, and the read cache folds those
 * into at most one drop a second per workspace (leading and trailing), while every other
 * notice drops at once: reads during a run are served from memory, at most a second old.
 */
describe("folding recorded notices (the cache alone, timers faked)", () => {
  afterEach(() => vi.useRealTimers());

  const warmed = () => {
    const cache = new WorkspaceReadCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.setListening(true);
    const put = (workspaceId = "ws_1") =>
      cache.store(cache.generation(), workspaceId, "view", { v: 1 });
    const held = (workspaceId = "ws_1") => cache.get(workspaceId, "view") !== undefined;
    return { cache, put, held };
  };

  it("drops at the first recorded notice, once more at the window's end, and not between", () => {
    vi.useFakeTimers();
    const { cache, put, held } = warmed();
    put();
    cache.receive("ws_1:recorded");
    expect(held()).toBe(false);
    put();
    cache.receive("ws_1:recorded");
    cache.receive("ws_1:recorded");
    expect(held()).toBe(true);
    vi.advanceTimersByTime(999);
    expect(held()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(held()).toBe(false);
    // The trailing drop opened another window; with no notice in it, nothing more is dropped.
    put();
    vi.advanceTimersByTime(5_000);
    expect(held()).toBe(true);
    cache.close();
  });

  it("drops at once for any other notice, also inside a window, and per workspace", () => {
    vi.useFakeTimers();
    const { cache, put, held } = warmed();
    cache.receive("ws_1:recorded");
    put();
    put("ws_2");
    cache.receive("ws_1");
    expect(held()).toBe(false);
    cache.receive("ws_2:recorded");
    expect(held("ws_2")).toBe(false);
    put();
    cache.receive("");
    expect(held()).toBe(false);
    cache.close();
  });
});

describe("the notices a run sends (database triggers)", () => {
  let t: TestServer;
  let cookie: string;
  let slug: string;
  beforeAll(async () => {
    t = await startTestServer();
    cookie = await t.signIn("notice-fold@example.com");
    slug = await t.createWorkspace(cookie, { brand: "notice-fold" });
    await seedPrompt(t, slug, "discovery", "Which tool tracks brand visibility?");
  });
  afterAll(() => t.close());

  it("marks its answer batches `recorded`, and its start and end plain", async () => {
    const workspaceId = (await workspaceIdOf(t, slug)) as string;
    const heard: string[] = [];
    const stop = await listenWorkspaceChanges(t.server.ctx.db, (payload) => heard.push(payload));
    try {
      const run = await runAndWait(t, slug, cookie, "smoke");
      expect(run.status).toBe("succeeded");
      await eventually(async () => (heard.includes(`${workspaceId}:recorded`) ? true : undefined));
      // Plain notices: the run's creation and its end (status), which drop caches at once.
      expect(heard.filter((payload) => payload === workspaceId).length).toBeGreaterThanOrEqual(2);
      expect(heard.every((p) => p === workspaceId || p === `${workspaceId}:recorded`)).toBe(true);
    } finally {
      await stop();
    }
  });
});
