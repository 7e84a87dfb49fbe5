import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkToolArgs } from "../../src/services/assistant-tools/define-tool.js";
import { assistantTools } from "../../src/services/assistant-tools/registry.js";
import { type PlannedCall, planToolCalls } from "../../src/services/chat/plan-tool-calls.js";

/** The simulated assistant's planner against the real tools' argument schemas (no stand-ins). */
const today = new Date("2026-11-24T10:00:00Z");
const everyTool = new Set(assistantTools.map((tool) => tool.name));

/** The refusal the real tool would give each call, or nothing when all are valid. */
function invalidCalls(calls: PlannedCall[]): string[] {
  return calls.flatMap((call) => {
    const tool = assistantTools.find((candidate) => candidate.name === call.name);
    if (!tool) return [`${call.name}: no such tool`];
    try {
      checkToolArgs(tool, call.args);
      return [];
    } catch (error) {
      return [`${call.name}: ${(error as Error).message}`];
    }
  });
}

const questions = [
  "What is our visibility and which answers mention us?",
  "What was our visibility on ChatGPT over the last 7 days, and what is our credit balance?",
  "How are we doing on Perplexity between 2026-11-01 and 2026-11-20?",
  "Show the scoreboard versus competitors on Gemini yesterday",
  "What is the trend of our share of voice over time on Claude this month?",
  "What changed? Did visibility drop last week?",
  "Which domains and sources does Exa cite the past 3 months?",
  "How visible are we in Google's AI Overviews, and in AI Mode on Grok?",
  "List our prompts and the latest runs",
  'What did the answers say about "Acme dashboards" on openai today?',
  "Any recommendations or suggestions to improve?",
  "How are our pages evaluated by crawlers, and any reports?",
  "How much AI traffic and SEO clicks did we get in the last 2 weeks?",
  "How big is the gap between the API and the ChatGPT app this month?",
  "Visibility over the past 999 months",
  "Metrics between 2019-01-01 and 2026-11-24",
  "Visibility on 2026-02-30 and 2026-02-31",
  "Visibility in the last 0 days",
  "hello",
];

describe("the simulated assistant's planner on the real tools", () => {
  it.each(questions)("plans only calls the real tools accept: %s", (question) => {
    const { calls } = planToolCalls(question, today, everyTool);
    expect(calls.length).toBeGreaterThan(0);
    expect(invalidCalls(calls)).toEqual([]);
  });

  it("reads Google's AI Overviews and AI Mode as their engines", () => {
    const engineOf = (question: string) =>
      planToolCalls(question, today, everyTool).calls.find((c) => c.args.engine)?.args.engine;
    expect(engineOf("Our visibility in Google's AI Overviews")).toBe("google_ai_overview");
    expect(engineOf("Our visibility in AI Mode")).toBe("google_ai_mode");
    expect(engineOf("Our visibility on Grok")).toBe("grok");
    // An assistant's app is not its API.
    expect(engineOf("How do we show up in the ChatGPT app?")).toBe("chatgpt_app");
    expect(engineOf("How do we show up in ChatGPT?")).toBe("openai");
    expect(engineOf("And in Perplexity's app?")).toBe("perplexity_app");
    expect(engineOf("Gemini app visibility")).toBe("gemini_app");
    expect(engineOf("Are we in Copilot answers?")).toBe("copilot_app");
  });

  it("can reach every tool it names, and each is a real tool", () => {
    const planned = new Set(
      questions.flatMap((q) => [
        ...planToolCalls(q, today, everyTool).calls.map((c) => c.name),
        ...planToolCalls(q, today, new Set()).notOffered,
      ]),
    );
    expect([...planned].filter((name) => !everyTool.has(name))).toEqual([]);
  });

  it("plans valid calls for any mix of keywords, dates, engines and quotes", () => {
    const fragments = [
      "visibility",
      "credits",
      "scoreboard",
      "trend",
      "changed",
      "domains",
      "prompts",
      "runs",
      "answers",
      "recommendations",
      "pages",
      "reports",
      "traffic",
      "on ChatGPT",
      "on Gemini",
      "last 400 days",
      "past 12 weeks",
      "yesterday",
      "between 2026-13-01 and 2026-11-02",
      "2025-02-29",
      "2024-02-29",
      '"quoted phrase"',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...fragments), { maxLength: 6 }), (picked) => {
        const { calls } = planToolCalls(picked.join(" "), today, everyTool);
        expect(invalidCalls(calls)).toEqual([]);
      }),
      { numRuns: 300, seed: 18 },
    );
  });

  it("keeps ranges within the 366 days the range tools accept", () => {
    const { calls } = planToolCalls("the trend over the past 999 months", today, everyTool);
    expect(calls).toEqual([
      { name: "get_timeseries", args: { from: "2025-11-24", to: "2026-11-24" } },
    ]);
  });
});
