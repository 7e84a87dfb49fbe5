import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { exampleTurn, FakeChatApi } from "./fake-chat-api.js";
import { memoryIo, removeTempDirs, tempDir } from "./helpers.js";

/** `geopulse ask`, `geopulse chat` and `geopulse chat threads …` in-process against a fake of the chat routes. */
let api: FakeChatApi;
let env: Record<string, string>;
beforeAll(async () => {
  api = await new FakeChatApi().start();
  env = {
    GEOPULSE_CONFIG_DIR: await tempDir(),
    GEOPULSE_BASE_URL: api.url,
    GEOPULSE_API_KEY: `gp_live_${"F".repeat(43)}`,
  };
});
afterAll(async () => {
  await api.stop();
  await removeTempDirs();
});
beforeEach(() => {
  api.seen.length = 0;
  api.turn = exampleTurn();
});

async function cli(args: string[], stdin?: string) {
  const io = memoryIo(env, stdin === undefined ? {} : { stdin: Readable.from([stdin]) });
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("geopulse ask", () => {
  it("streams the answer to stdout, tool steps to stderr, then sources and cost", async () => {
    const result = await cli(["ask", "-w", "acme", "How", "visible", "are", "we?"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      [
        "Your visibility is 41.2% on 2026-11-23.",
        "Sources:",
        "  [1] visibility (date=2026-11-23, engine=any)",
        "  [2] answer rsp_1 of run run_1 (openai): geopulse runs responses run_1",
        "",
      ].join("\n"),
    );
    expect(result.stderr).toContain("New chat thread cht_1 (continue it with --thread cht_1).");
    expect(result.stderr).toContain(
      "  [step 1] thinking…\n  [step 1] get_metrics(date=2026-11-23)",
    );
    expect(result.stderr).toContain("  [step 1] get_metrics: visibility 41.2%");
    expect(result.stderr).toContain(
      "cost $0.001234 · 150 tokens (120 in, 30 out) · simulated assistant",
    );
    const post = api.seen.find((s) => s.path.endsWith("/messages"));
    expect(post?.headers.accept).toBe("text/event-stream");
    expect(post?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(post?.body ?? "{}")).toEqual({ content: "How visible are we?" });
  });

  it("--json prints the stored assistant message, and --thread continues a thread", async () => {
    const result = await cli(["ask", "-w", "acme", "--thread", "cht_1", "--json", "Why?"]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(api.turn.message);
    expect(api.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      "POST /api/v1/workspaces/acme/chat/threads/cht_1/messages",
    ]);
    expect(api.seen[0]?.headers.accept).toBe("application/json");
  });

  it("402: the shortfall in dollars, exit 6", async () => {
    api.nextMessageError = {
      status: 402,
      code: "insufficient_credits",
      details: { requiredMicrousd: 720_000, availableMicrousd: 5_000 },
    };
    const result = await cli(["ask", "-w", "acme", "--thread", "cht_1", "q"]);
    expect(result.code).toBe(6);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      "error: insufficient_credits: insufficient_credits happened. (request req_fake)",
    );
    expect(result.stderr).toContain("  required $0.72, available $0.005");
  });

  it("a failed turn shows its error and exits 1", async () => {
    const { events, message } = api.turn;
    const failed = {
      ...message,
      status: "failed" as const,
      content: "",
      error: "The model provider failed.",
    };
    api.turn = {
      message: failed,
      events: [
        ...events.slice(0, 4),
        {
          type: "error",
          messageId: "msg_a",
          code: "model_error",
          message: "The model provider failed.",
        },
        {
          type: "done",
          messageId: "msg_a",
          status: "failed",
          usage: failed.usage,
          costMicrousd: 0,
          message: failed,
        },
      ],
    };
    const result = await cli(["ask", "-w", "acme", "--thread", "cht_1", "q"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("error: model_error: The model provider failed.");
    expect(result.stderr).toContain("error: the turn failed: The model provider failed.");
  });
});

describe("geopulse chat", () => {
  it("asks each line in one thread until /exit, and a 402 does not end the session", async () => {
    api.nextMessageError = undefined;
    const input = "How visible are we?\n\n/exit\nnot asked\n";
    const result = await cli(["chat", "-w", "acme"], input);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Your visibility is 41.2% on 2026-11-23.\nSources:");
    expect(result.stderr).toContain("/exit to leave.");
    expect(result.stderr).toContain("Thread cht_1: geopulse chat --thread cht_1");
    const posts = api.seen.filter((s) => s.method === "POST").map((s) => s.path);
    expect(posts).toEqual([
      "/api/v1/workspaces/acme/chat/threads",
      "/api/v1/workspaces/acme/chat/threads/cht_1/messages",
    ]);
  });

  it("--thread shows the thread first; a refused turn is reported and the next one asked", async () => {
    api.nextMessageError = {
      status: 402,
      code: "insufficient_credits",
      details: { requiredMicrousd: 720_000, availableMicrousd: 0 },
    };
    const result = await cli(["chat", "-w", "acme", "--thread", "cht_1"], "first\nsecond\n");
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'Continuing "How visible are we?" (2 messages, $0.001234 so far).',
    );
    expect(result.stderr).toContain("  required $0.72, available $0.00");
    expect(result.stdout.match(/Your visibility/g)).toHaveLength(1);
    expect(api.seen.filter((s) => s.path.endsWith("/messages"))).toHaveLength(2);
  });
  it("Ctrl-C stops waiting for one answer and the session goes on", async () => {
    let interrupt: (() => void) | undefined;
    const io = memoryIo(env, {
      stdin: Readable.from(["first\nsecond\n"]),
      onInterrupt: (handler) => {
        interrupt = handler;
        return () => {
          interrupt = undefined;
        };
      },
    });
    const recorded = io.stderr;
    let interrupted = false;
    // Ctrl-C as soon as the first answer's tool call shows.
    io.stderr = {
      write: (chunk) => {
        recorded.write(chunk);
        if (!interrupted && String(chunk).includes("get_metrics(")) {
          interrupted = true;
          interrupt?.();
        }
      },
    };
    const code = await run(["chat", "-w", "acme", "--thread", "cht_1"], io);
    expect(code, io.err()).toBe(0);
    expect(io.err()).toContain(
      "Stopped waiting; the answer is still stored in the thread (geopulse chat threads get cht_1).",
    );
    expect(io.out().match(/Your visibility is 41\.2%/g)).toHaveLength(1);
    expect(api.seen.filter((s) => s.path.endsWith("/messages"))).toHaveLength(2);
    expect(interrupt).toBeUndefined();
  });
});

describe("geopulse chat threads", () => {
  it("list: a table or --json", async () => {
    const table = await cli(["chat", "threads", "list", "-w", "acme"]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^THREAD\s+TITLE\s+MESSAGES\s+COST\s+UPDATED\n/);
    expect(table.stdout).toMatch(
      /cht_1\s+How visible are we\?\s+0\s+\$0\.001234\s+2026-11-24 08:00Z/,
    );
    const json = await cli(["chat", "threads", "list", "-w", "acme", "--json"]);
    expect(JSON.parse(json.stdout)).toHaveLength(1);
  });

  it("get: each message with its tools, sources and cost", async () => {
    const result = await cli(["chat", "threads", "get", "cht_1", "-w", "acme"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("you (2026-11-24 08:00Z):\nHow visible are we?");
    expect(result.stdout).toContain("assistant (complete, 2026-11-24 08:00Z):");
    expect(result.stdout).toContain("tools: get_metrics");
    expect(result.stdout).toContain("  [1] visibility (date=2026-11-23, engine=any)");
    const json = await cli(["chat", "threads", "get", "cht_1", "-w", "acme", "--json"]);
    expect(JSON.parse(json.stdout).messages).toHaveLength(2);
  });

  it("rename and delete; an unknown thread exits 3", async () => {
    const renamed = await cli([
      "chat",
      "threads",
      "rename",
      "cht_1",
      "Q4 review",
      "-w",
      "acme",
      "--json",
    ]);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(JSON.parse(renamed.stdout).title).toBe("Q4 review");
    expect(renamed.stderr).toContain('Renamed thread cht_1 to "Q4 review".');
    const deleted = await cli(["chat", "threads", "delete", "cht_1", "-w", "acme"]);
    expect(deleted).toMatchObject({ code: 0, stdout: "" });
    expect(deleted.stderr).toContain("Deleted thread cht_1.");
    const missing = await cli(["chat", "threads", "get", "cht_2", "-w", "acme"]);
    expect(missing.code).toBe(3);
  });
});
