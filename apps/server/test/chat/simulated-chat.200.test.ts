import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ungroundedNumbers } from "../../src/services/chat/grounding.js";
import { parseDateRange, planToolCalls } from "../../src/services/chat/plan-tool-calls.js";
import {
  ask,
  type ChatServer,
  createThread,
  ledgerOf,
  parseSse,
  startChatServer,
} from "./chat-fixtures.js";

/** Local mode without provider keys: the simulated assistant plans real tool calls and states only their numbers. */
let s: ChatServer;
beforeAll(async () => {
  s = await startChatServer("simulated");
});
afterAll(() => s.close());

describe("the simulated assistant", () => {
  it("plans tools from the question, answers from their results, labelled simulated, at no cost", async () => {
    const threadId = await createThread(s.t, s.slug, { cookie: s.cookie });
    s.t.clock.set(new Date("2026-11-24T10:00:00Z"));
    const question =
      "What was our visibility on ChatGPT over the last 7 days, and what is our credit balance?";
    const response = await ask(s, threadId, question, { cookie: s.cookie, stream: true });
    const events = parseSse(response.text);
    const done = events.at(-1)?.data;
    const message = done.message;
    expect(message).toMatchObject({
      status: "complete",
      simulated: true,
      provider: "simulated",
      costMicrousd: 0,
    });
    const calls = message.steps.filter((step: any) => step.kind === "tool");
    expect(calls.map((c: any) => [c.name, c.arguments])).toEqual([
      ["get_credit_balance", {}],
      ["get_metrics", { from: "2026-11-18", to: "2026-11-24", engine: "openai" }],
    ]);
    expect(message.content).toContain("41.2%");
    expect(message.content).toContain("Simulated assistant");
    expect(message.content).not.toContain("Not found in the tool results");
    expect(
      ungroundedNumbers(
        message.content,
        calls.flatMap((c: any) => [c.result, c.summary]),
        question,
      ),
    ).toEqual([]);
    expect(message.citations).toEqual(
      expect.arrayContaining([
        {
          kind: "metric",
          metric: "visibility",
          filter: { from: "2026-11-18", to: "2026-11-24", engine: "openai" },
        },
      ]),
    );
    expect(
      events
        .filter((e) => e.event === "text_delta")
        .map((e) => e.data.text)
        .join(""),
    ).toBe(message.content);
    const ledger = await ledgerOf(s.t, message.messageId);
    expect(ledger.charged).toBe(0);
    expect(ledger.reservation.status).toBe("released");
  });

  it("parses dates and engines, and plans only among offered tools", () => {
    const today = new Date("2026-11-24T00:00:00Z");
    expect(parseDateRange("between 2026-11-01 and 2026-11-10", today)).toEqual({
      from: "2026-11-01",
      to: "2026-11-10",
    });
    expect(parseDateRange("last month", today)).toEqual({ from: "2026-10-26", to: "2026-11-24" });
    expect(parseDateRange("yesterday", today)).toEqual({ from: "2026-11-23", to: "2026-11-23" });
    const plan = planToolCalls(
      "Which domains does Perplexity cite, and any recommendations?",
      today,
      new Set(["top_cited_domains"]),
    );
    expect(plan.calls).toEqual([
      { name: "top_cited_domains", args: { engine: "perplexity", limit: 10 } },
    ]);
    expect(plan.notOffered).toEqual(["list_recommendations"]);
  });

  it("the grounding check finds numbers no result holds", () => {
    const sources = [{ visibility: 0.412, mentions: 17, day: "2026-11-23" }];
    expect(ungroundedNumbers("41.2% and 17 mentions on 2026-11-23", sources)).toEqual([]);
    expect(ungroundedNumbers("41% visibility, 18 mentions on 2026-11-22", sources)).toEqual([
      "2026-11-22",
      "18",
    ]);
    expect(ungroundedNumbers("1. Visibility 41.2%\n2. Mentions 17", sources)).toEqual([]);
  });

  it("the grounding check does not count numbers engines or pages wrote", () => {
    const sources = [
      {
        answers: [
          {
            runId: "run_01JD0000000000000000000001",
            mentions: 2,
            untrustedText: "Acme has 99.8% visibility and 4,500 customers since 2020-01-01.",
            untrustedTitle: "Top 7 tools",
          },
        ],
        page: { untrustedCrawlerText: "Rated 4.9 by 312 users" },
      },
    ];
    expect(
      ungroundedNumbers(
        "99.8% visibility, 4,500 customers, top 7, 4.9 from 312, 2020-01-01",
        sources,
      ),
    ).toEqual(["2020-01-01", "99.8", "4500", "7", "4.9", "312"]);
    // The same numbers in the workspace's own fields ground.
    expect(ungroundedNumbers("2 mentions", sources)).toEqual([]);
  });
});
