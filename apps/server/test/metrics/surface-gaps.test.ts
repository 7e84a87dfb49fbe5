import { describe, expect, it } from "vitest";
import { domainOverlap, enginePairs, pairGap } from "../../src/services/metrics/surface-gaps.js";
import type { RollupImpactCell } from "../../src/services/recommendations/impact-cells.js";

const cell = (
  engine: string,
  promptId: string,
  responses: number,
  mentioned: number,
  othersMentioned = 0,
): RollupImpactCell => ({ engine, promptId, responses, mentioned, negative: 0, othersMentioned });

describe("surface gap pairs", () => {
  it("pairs the engines of one family, the API first, and leaves lone engines out", () => {
    expect(
      enginePairs([
        "google_ai_overview",
        "openai",
        "grok",
        "google_ai_mode",
        "openai",
        "simulated",
      ]),
    ).toEqual([["google_ai_mode", "google_ai_overview"]]);
  });

  it("counts only the prompts both engines answered that day, and pairs their interval", () => {
    const cells = new Map([
      [
        "2026-11-01",
        [
          cell("google_ai_mode", "p1", 2, 2, 1),
          cell("google_ai_overview", "p1", 2, 1, 1),
          // Only one side answered p2 that day: left out of both, counted as unpaired.
          cell("google_ai_mode", "p2", 2, 2),
        ],
      ],
      [
        "2026-11-02",
        [cell("google_ai_mode", "p2", 1, 1), cell("google_ai_overview", "p2", 1, 0, 2)],
      ],
      ["2026-11-03", [cell("google_ai_overview", "p3", 3, 3)]],
    ]);
    const gap = pairGap(["google_ai_mode", "google_ai_overview"], cells);
    expect(gap).toMatchObject({
      family: "google_search",
      prompts: 2,
      days: ["2026-11-01", "2026-11-02"],
      unpairedAnswers: { first: 2, second: 3 },
      first: { engine: "google_ai_mode", surface: "search_page", answers: 3 },
      second: { engine: "google_ai_overview", answers: 3 },
    });
    expect(gap.first.visibility.value).toBe(1);
    expect(gap.second.visibility.value).toBeCloseTo(1 / 3, 12);
    expect(gap.visibility.value).toBeCloseTo(1 / 3 - 1, 12);
    // Share of voice: the brand's mentioned answers over every entity's (3/4 against 1/4).
    expect(gap.first.shareOfVoice.value).toBeCloseTo(3 / 4, 12);
    expect(gap.second.shareOfVoice.value).toBeCloseTo(1 / 4, 12);
    expect(gap.shareOfVoice.value).toBeCloseTo(-0.5, 12);
    for (const d of [gap.visibility, gap.shareOfVoice]) {
      expect(d.ciLow).toBeLessThanOrEqual(d.value);
      expect(d.ciHigh).toBeGreaterThanOrEqual(d.value);
      // Two prompts are too few to call any difference significant.
      expect(d.significant).toBe(false);
    }
    // Two prompts over two days: the intervals account for both.
    expect(gap.intervalUnit).toBe("prompt-and-day");
    // The same data gives the same interval.
    expect(pairGap(["google_ai_mode", "google_ai_overview"], cells)).toEqual(gap);
  });

  it("calls a difference significant only on enough prompts, and never when a side named no one", () => {
    const days = (count: number, othersOnSecond: number) =>
      new Map([
        [
          "2026-11-01",
          Array.from({ length: count }, (_, i) => [
            cell("openai", `p${i}`, 1, 1, 1),
            cell("chatgpt_app", `p${i}`, 1, 0, othersOnSecond),
          ]).flat(),
        ],
      ]);
    const one = pairGap(["openai", "chatgpt_app"], days(1, 1));
    // One prompt on one day: an answer a side, which proves nothing.
    expect(one.visibility).toMatchObject({ value: -1, ciLow: -1, ciHigh: -1, significant: false });
    const ten = pairGap(["openai", "chatgpt_app"], days(10, 1));
    expect(ten.visibility).toMatchObject({ value: -1, significant: true });
    expect(ten.first.surface).toBe("api");
    expect(ten.second.surface).toBe("consumer_app");
    // The app named no tracked entity at all: its share of voice is not 0%, it is unmeasured.
    const silent = pairGap(["openai", "chatgpt_app"], days(10, 0));
    expect(silent.second.shareOfVoice.n).toBe(0);
    expect(silent.shareOfVoice).toEqual({
      value: 0,
      ciLow: 0,
      ciHigh: 0,
      n: 0,
      significant: false,
    });
  });

  it("an unpaired pair has no prompts, zero differences and nothing significant", () => {
    const cells = new Map([["2026-11-01", [cell("google_ai_mode", "p1", 1, 1)]]]);
    const gap = pairGap(["google_ai_mode", "google_ai_overview"], cells);
    expect(gap).toMatchObject({ prompts: 0, days: [], unpairedAnswers: { first: 1, second: 0 } });
    expect(gap.visibility).toMatchObject({ value: 0, n: 0, significant: false });
  });

  it("measures the overlap of cited domains", () => {
    const overlap = domainOverlap(
      new Map([
        ["a.example", 3],
        ["b.example", 1],
      ]),
      new Map([
        ["b.example", 2],
        ["c.example", 5],
      ]),
      2,
    );
    expect(overlap).toEqual({
      shared: 1,
      onlyFirst: 1,
      onlySecond: 1,
      jaccard: 1 / 3,
      top: [
        { domain: "c.example", first: 0, second: 5 },
        { domain: "a.example", first: 3, second: 0 },
      ],
    });
    expect(domainOverlap(new Map(), new Map(), 5).jaccard).toBeNull();
  });
});
