import type { ChatStreamEvent } from "@geopulse/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, NotFoundError } from "../src/index.js";
import { type RealServer, startRealServer } from "./real-server.js";

/**
 * chat.stream and chat.send against the real server in local mode (the
 * simulated assistant answers): a streamed turn, its retry with the same key,
 * and a stream cut in the middle that the SDK resumes from the stored turn.
 */
let real: RealServer;
beforeAll(async () => {
  real = await startRealServer("sdkchat", [
    "workspace:read",
    "chat:read",
    "chat:write",
    "credits:read",
  ]);
}, 60_000);
afterAll(() => real.server.close());

const client = (fetchImpl?: typeof fetch) =>
  createClient({
    baseUrl: real.server.url,
    apiKey: real.secret,
    sleep: async () => {},
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });

async function collect(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}
const textOf = (events: ChatStreamEvent[]) =>
  events.map((e) => (e.type === "text_delta" ? e.text : "")).join("");

/** A fetch whose first event-stream answer breaks after its first chunk, as a dropped connection would. */
function fetchCuttingFirstStream(): typeof fetch {
  let cut = false;
  return async (input, init) => {
    const response = await fetch(input, init);
    if (cut || !response.headers.get("content-type")?.includes("text/event-stream")) {
      return response;
    }
    cut = true;
    const reader = response.body?.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const first = await reader?.read();
        if (first?.value) controller.enqueue(first.value);
        await reader?.cancel();
        controller.error(new TypeError("terminated"));
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

describe("chat turns against the server", () => {
  it("streams a turn whose text adds up to the stored answer; a retry with its key replays it", async () => {
    const gp = client();
    const { threadId } = await gp.chat.createThread(real.slug, {});
    const stream = gp.chat.stream(real.slug, threadId, { content: "What is our credit balance?" });
    const events = await collect(stream);
    expect(events[0]).toMatchObject({
      type: "turn_started",
      threadId,
      idempotencyKey: stream.idempotencyKey,
    });
    const done = events.at(-1);
    if (done?.type !== "done") throw new Error("the stream did not end with done");
    expect(done.message.status).toBe("complete");
    expect(textOf(events)).toBe(done.message.content);
    expect(events.some((e) => e.type === "tool_call")).toBe(true);
    expect(await stream.finalMessage()).toEqual(done.message);

    const again = gp.chat.stream(
      real.slug,
      threadId,
      { content: "What is our credit balance?" },
      {
        idempotencyKey: stream.idempotencyKey,
      },
    );
    expect((await again.finalMessage()).messageId).toBe(done.messageId);
    const sent = await gp.chat.send(
      real.slug,
      threadId,
      { content: "What is our credit balance?" },
      {
        idempotencyKey: stream.idempotencyKey,
      },
    );
    expect(sent.assistantMessage.messageId).toBe(done.messageId);
    expect((await gp.chat.getThread(real.slug, threadId)).messages).toHaveLength(2);
  });

  it("resumes a stream cut mid-turn with the same key, without repeating events", async () => {
    const gp = client(fetchCuttingFirstStream());
    const { threadId } = await gp.chat.createThread(real.slug, {});
    const events = await collect(
      gp.chat.stream(real.slug, threadId, { content: "What is our credit balance?" }),
    );
    const done = events.at(-1);
    if (done?.type !== "done") throw new Error("the stream did not end with done");
    expect(textOf(events)).toBe(done.message.content);
    expect(events.filter((e) => e.type === "turn_started")).toHaveLength(1);
    const calls = events.filter((e) => e.type === "tool_call");
    expect(new Set(calls.map((e) => e.callId)).size).toBe(calls.length);
    expect((await gp.chat.getThread(real.slug, threadId)).messages).toHaveLength(2);
  });

  it("another workspace's thread is a NotFoundError before any event", async () => {
    const stream = client().chat.stream("someone-else", "cht_01J00000000000000000000000", {
      content: "q",
    });
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(NotFoundError);
  });
});
