import type { DeltaComparison, Scoreboard, WorkspaceMetrics } from "@geopulse/api-types";
import { describe, expect, it } from "vitest";
import { arrow, changeLegend, shareChange, significance } from "../src/changes.js";
import { entityTable, recommendationTable } from "../src/commands/metrics.js";
import { compositeSummary, engineTable } from "../src/commands/scoreboard.js";

const none: DeltaComparison = {
  date: null,
  delta: null,
  ciLow: null,
  ciHigh: null,
  significant: null,
  method: null,
};
const change = (delta: number, ciLow: number, ciHigh: number): DeltaComparison => ({
  date: "2026-03-03",
  delta,
  ciLow,
  ciHigh,
  significant: ciLow > 0 || ciHigh < 0,
  method: "paired-cluster-bootstrap",
});
const compared = (previous: DeltaComparison) => ({ previous, "7d": none, "28d": none });
const share = (value: number, previous: DeltaComparison) => ({
  value,
  ciLow: value - 0.05,
  ciHigh: value + 0.05,
  n: 160,
  comparisons: compared(previous),
});

const board: Scoreboard = {
  brand: "acme",
  date: "2026-03-04",
  composite: {
    value: 42,
    ciLow: 38.1,
    ciHigh: 45.9,
    n: 160,
    entity: "acme",
    surfaces: ["api"],
    deltas: { previous: 4.2, "7d": 0, "28d": 0 },
    comparisons: compared(change(4.2, -1.9, 10.3)),
  },
  engines: [
    {
      engine: "openai",
      metrics: {
        responses: 80,
        visibility: share(0.8, change(0.5, 0.36, 0.64)),
        shareOfVoice: share(0.4, change(-0.021, -0.08, 0.038)),
        citationShare: { value: 0, ciLow: 0, ciHigh: 0, n: 0 },
        averagePosition: 1.5,
        mentionCount: 70,
        sentiment: null,
        composite: { value: 50, ciLow: 45, ciHigh: 55, n: 80 },
        recommendationRate: { value: 0, ciLow: 0, ciHigh: 0, n: 0 },
        shortlistShare: { value: 0, ciLow: 0, ciHigh: 0, n: 0 },
      },
    },
    {
      engine: "gemini",
      metrics: {
        responses: 10,
        visibility: share(0.3, none),
        shareOfVoice: share(0.2, none),
        citationShare: { value: 0, ciLow: 0, ciHigh: 0, n: 0 },
        averagePosition: null,
        mentionCount: 3,
        sentiment: null,
        composite: { value: 20, ciLow: 10, ciHigh: 30, n: 10 },
        recommendationRate: { value: 0, ciLow: 0, ciHigh: 0, n: 0 },
        shortlistShare: { value: 0, ciLow: 0, ciHigh: 0, n: 0 },
      },
    },
  ],
  excluded: { brandResearchAnswers: 4, brandResearchPrompts: 2 },
};

describe("changes with their intervals and significance markers", () => {
  it("formats a share's change in points with its interval, marked when significant", () => {
    expect(shareChange(change(0.042, -0.019, 0.103))).toBe("+4.2 pt (95% -1.9 to +10.3)");
    expect(shareChange(change(-0.1, -0.15, -0.05))).toBe("-10.0 pt (95% -15.0 to -5.0) ↓");
    expect(shareChange(none)).toBeNull();
    expect(arrow(change(0.5, 0.36, 0.64))).toBe("↑");
    expect(arrow(none)).toBe("");
    expect(significance(change(4.2, -1.9, 10.3))).toBe("; 95% -1.9 to +10.3, not significant");
  });

  it("the scoreboard marks significant changes per engine and lists each engine's changes", () => {
    expect(compositeSummary(board)).toContain(
      "+4.2 vs previous (2026-03-03; 95% -1.9 to +10.3, not significant), no comparison 7d",
    );
    // What the numbers leave out is said beside them.
    expect(compositeSummary(board)).toMatch(
      /^Excluded\s+branded prompts: 2 prompts, 4 answers \(--include-brand-research counts them\)$/m,
    );
    const lines = engineTable(board).split("\n");
    expect(lines[0]).toMatch(/^ENGINE\s+ANSWERS\s+VISIBILITY\s+SHARE OF VOICE\s+CITATION SHARE/);
    expect(lines[1]).toMatch(
      /^openai\s+80\s+80\.0% \(75\.0%–85\.0%\) ↑\s+40\.0% \(35\.0%–45\.0%\)\s+0/,
    );
    expect(lines[2]).toMatch(/^gemini\s+10\s+30\.0% \(25\.0%–35\.0%\)\s+20\.0%/);
    expect(lines[4]).toMatch(/^ENGINE\s+VISIBILITY VS PREVIOUS\s+SHARE OF VOICE VS PREVIOUS$/);
    expect(lines[5]).toMatch(
      /^openai\s+\+50\.0 pt \(95% \+36\.0 to \+64\.0\) ↑\s+-2\.1 pt \(95% -8\.0 to \+3\.8\)$/,
    );
    expect(lines[6]).toMatch(/^gemini\s+-\s+-$/);
    expect(lines.at(-1)).toBe(changeLegend);
  });

  it("the metrics entity table shows every entity's changes; no legend without a marker", () => {
    const entities: WorkspaceMetrics["shareOfVoice"] = [
      {
        entity: "acme",
        entityId: "self",
        isSelf: true,
        ...share(0.3, change(0.01, -0.04, 0.06)),
        visibility: share(0.5, change(0.02, -0.05, 0.09)),
        recommendationRate: { value: 0.25, ciLow: 0.2, ciHigh: 0.3, n: 160 },
        shortlistShare: { value: 0.2, ciLow: 0.15, ciHigh: 0.25, n: 160 },
      },
      {
        entity: "Globex",
        entityId: "cmp_globex",
        isSelf: false,
        ...share(0.4, change(0.12, 0.05, 0.19)),
        visibility: share(0.6, change(0.4, 0.3, 0.5)),
        recommendationRate: { value: 0.4, ciLow: 0.3, ciHigh: 0.5, n: 160 },
        shortlistShare: { value: 0.35, ciLow: 0.25, ciHigh: 0.45, n: 160 },
      },
    ];
    const lines = entityTable(entities).split("\n");
    expect(lines[0]).toMatch(
      /^ENTITY\s+VISIBILITY\s+VS PREVIOUS\s+SHARE OF VOICE\s+VS PREVIOUS\s+N$/,
    );
    expect(lines[1]).toMatch(
      /^acme \(you\)\s+50\.0% \(45\.0%–55\.0%\)\s+\+2\.0 pt \(95% -5\.0 to \+9\.0\)\s+30\.0%/,
    );
    expect(lines[2]).toMatch(
      /^Globex\s+60\.0% .*\+40\.0 pt \(95% \+30\.0 to \+50\.0\) ↑\s+40\.0% .* ↑\s+160$/,
    );
    expect(lines.at(-1)).toBe(changeLegend);
    expect(entityTable(entities.slice(0, 1))).not.toContain(changeLegend);
    const stance = recommendationTable(entities).split("\n");
    expect(stance[0]).toMatch(/^ENTITY\s+RECOMMENDED IN\s+SHORTLISTED IN\s+ANSWERS$/);
    expect(stance[2]).toMatch(
      /^Globex\s+40\.0% \(30\.0%–50\.0%\)\s+35\.0% \(25\.0%–45\.0%\)\s+160$/,
    );
  });
});
