import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NODE_FLAGS } from "../../src/node-flags.js";
import { recoverInterruptedChatTurns } from "../../src/services/chat/finish-interrupted-turn.js";
import { sweepCredits } from "../../src/services/credits/sweep-credits.js";
import { eventually } from "../harness/eventually.js";
import { hostedSecretsEnv } from "../harness/test-server.js";
import {
  type ChatServer,
  createThread,
  ledgerOf,
  messagesPath,
  startChatServer,
} from "./chat-fixtures.js";

/**
 * A real API process (`dist/main.js`) is killed with SIGKILL mid-turn: the
 * turn's hold is settled exactly once, at the steps it recorded, by the sweep
 * of another process, and the stored turn is marked interrupted. PostgreSQL
 * only: the embedded database lives inside one process.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const mainScript = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
let s: ChatServer;
let child: ChildProcess | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  s = await startChatServer("openai", { env: { ...hostedSecretsEnv, GEO_WORKERS: "false" } });
});
afterAll(async () => {
  if (!onPostgres) return;
  if (child?.exitCode === null) child.kill("SIGKILL");
  await s.close();
});

/** Starts the API process on the test server's database; resolves with its URL. */
function startApiProcess(): Promise<string> {
  child = spawn(process.execPath, [...NODE_FLAGS, mainScript], {
    env: {
      ...process.env,
      ...hostedSecretsEnv,
      DATABASE_URL: s.t.server.ctx.db.url as string,
      PORT: "0",
      GEO_OPERATOR_MODE: "local",
      GEO_WORKERS: "false",
      GEO_LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child?.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /"url":"(http:[^"]+)"/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child?.once("exit", (code) => reject(new Error(`API process exited (${code})`)));
  });
}

describe.skipIf(!onPostgres)("an API process killed mid-turn", () => {
  it("settles the turn once, at its recorded steps, and marks it interrupted", async () => {
    const url = await startApiProcess();
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    s.model.latencyMs = 1500;
    s.model.queue(
      { toolCalls: [{ name: "get_credit_balance", arguments: {} }] },
      { text: "never seen" },
    );
    const request = fetch(`${url}${messagesPath(s.slug, threadId)}`, {
      method: "POST",
      headers: { cookie: s.cookie, "content-type": "application/json" },
      body: JSON.stringify({ content: "What is our balance?" }),
    }).catch((error: unknown) => error);
    const prisma = s.t.server.ctx.prisma;
    // Step 1 and its tool call are recorded; step 2 is in flight at the kill.
    const turn = await eventually(
      async () =>
        (await prisma.chatMessage.findFirst({
          where: { threadId, role: "assistant", billedMicrousd: { gt: 0 } },
        })) ?? undefined,
      60_000,
    );
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    child?.kill("SIGKILL");
    await exited;
    await request;
    expect((await prisma.chatMessage.findUniqueOrThrow({ where: { id: turn.id } })).status).toBe(
      "running",
    );

    // The dead process's heartbeat (real time) goes stale on the server's clock.
    s.t.clock.set(new Date(Date.now() + s.t.server.ctx.config.runStallMs + 1000));
    expect(await recoverInterruptedChatTurns({ ctx: s.t.server.ctx })).toEqual([turn.id]);
    expect(await recoverInterruptedChatTurns({ ctx: s.t.server.ctx })).toEqual([]);
    await sweepCredits(s.t.server.ctx);
    const stored = await prisma.chatMessage.findUniqueOrThrow({ where: { id: turn.id } });
    expect(stored).toMatchObject({
      status: "interrupted",
      costMicrousd: 560n,
      billedMicrousd: 560n,
    });
    const ledger = await ledgerOf(s.t, turn.id);
    expect(ledger.reservation.status).toBe("settled");
    expect(ledger.charged).toBe(560);
    expect(ledger.entries.filter((e) => e.kind === "settlement")).toHaveLength(1);
    expect(ledger.entries.reduce((sum, e) => sum + Number(e.heldDeltaMicrousd), 0)).toBe(0);
    const thread = await s.t.request<any>(
      "GET",
      `/api/v1/workspaces/${s.slug}/chat/threads/${threadId}`,
      { cookie: s.cookie },
    );
    expect(thread.body.messages.at(-1)).toMatchObject({ status: "interrupted", costMicrousd: 560 });
  }, 120_000);
});
