import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/**
 * `geopulse ask` and `geopulse chat threads` against the real server in local
 * mode, where the simulated assistant answers (no model key): a streamed turn
 * with tool calls, the same turn as JSON, and the thread afterwards.
 */
let api: TestApi;
let env: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi("clichat");
  const key = await api.createKey([
    "workspace:read",
    "chat:read",
    "chat:write",
    "metrics:read",
    "credits:read",
  ]);
  env = { GEOPULSE_CONFIG_DIR: await tempDir(), GEOPULSE_BASE_URL: api.url, GEOPULSE_API_KEY: key };
}, 60_000);
afterAll(async () => {
  await api?.server.close();
  await removeTempDirs();
});

async function cli(args: string[], stdin?: string) {
  const io = memoryIo(env, stdin === undefined ? {} : { stdin: Readable.from([stdin]) });
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("geopulse ask against the server", () => {
  let threadId = "";

  it("streams a turn: tool steps on stderr, the answer on stdout, its cost", async () => {
    const result = await cli(["ask", "What is our credit balance?"]);
    expect(result.code, result.stderr).toBe(0);
    threadId = /New chat thread (cht_\w+)/.exec(result.stderr)?.[1] ?? "";
    expect(threadId).toMatch(/^cht_/);
    expect(result.stderr).toMatch(/\[step 1\] \w+\(/);
    expect(result.stderr).toMatch(/cost \$0\.00 · \d+ tokens? .*simulated assistant/);
    expect(result.stdout.trim()).not.toBe("");
    expect(result.stdout).not.toMatch(/\[step/);
  });

  it("--json in the same thread prints the stored message", async () => {
    const result = await cli(["ask", "--thread", threadId, "--json", "And our visibility?"]);
    expect(result.code, result.stderr).toBe(0);
    const message = JSON.parse(result.stdout);
    expect(message).toMatchObject({
      role: "assistant",
      status: "complete",
      threadId,
      simulated: true,
    });
    expect(message.steps.length).toBeGreaterThan(0);
  });

  it("the thread lists, shows both turns, renames and deletes", async () => {
    const list = await cli(["chat", "threads", "list", "--json"]);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)[0]).toMatchObject({ threadId, messageCount: 4 });
    const shown = await cli(["chat", "threads", "get", threadId]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout.match(/^assistant \(complete/gm)).toHaveLength(2);
    expect(shown.stdout).toContain("you (");
    const renamed = await cli(["chat", "threads", "rename", threadId, "Balance"]);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect((await cli(["chat", "threads", "delete", threadId])).code).toBe(0);
    expect((await cli(["chat", "threads", "get", threadId])).code).toBe(3);
  });

  it("chat: two questions in one new thread, then /exit", async () => {
    const result = await cli(["chat"], "What is our credit balance?\nAnd now?\n/exit\n");
    expect(result.code, result.stderr).toBe(0);
    const thread = /Thread (cht_\w+): geopulse chat --thread/.exec(result.stderr)?.[1] ?? "";
    const shown = await cli(["chat", "threads", "get", thread, "--json"]);
    expect(JSON.parse(shown.stdout).messages).toHaveLength(4);
    expect(result.stderr.match(/^cost \$0\.00/gm)).toHaveLength(2);
  });
});
