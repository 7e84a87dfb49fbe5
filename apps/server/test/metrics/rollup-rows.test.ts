import { describe, expect, it } from "vitest";
import type { AnswerAnalysis, Stance } from "../../src/analysis/types.js";
import {
  type AnalysedAnswer,
  buildRollupRows,
  rollupRowsInSteps,
} from "../../src/services/analysis/rollup-rows.js";

const citation = (domain: string, entityId: string | null, taxonomy = "other") => ({
  url: `https://${domain}/page`,
  normalizedUrl: `https://${domain}/page`,
  host: domain,
  domain,
  taxonomy: taxonomy as AnswerAnalysis["citations"][number]["taxonomy"],
  entityId,
  position: 0,
  origin: "structured" as const,
});

const answer = (promptId: string, analysis: Omit<AnswerAnalysis, "version">): AnalysedAnswer => ({
  day: "2026-03-04",
  engine: "openai",
  promptId,
  category: "discovery",
  language: "en",
  region: null,
  analysis: { version: 1, ...analysis },
});

describe("buildRollupRows", () => {
  it("sums answers per cell, counts entities once per answer, and stays sparse", () => {
    const rows = buildRollupRows([
      answer("p1", {
        mentions: [
          {
            entityId: "self",
            isSelf: true,
            count: 3,
            firstOffset: 0,
            rank: 1,
            sentiment: "positive",
            stance: "mentioned" as const,
            recommendedRank: null,
          },
          {
            entityId: "c1",
            isSelf: false,
            count: 1,
            firstOffset: 9,
            rank: 2,
            sentiment: "negative",
            stance: "mentioned" as const,
            recommendedRank: null,
          },
        ],
        citations: [
          citation("acme.com", "self", "owned"),
          { ...citation("acme.com", "self", "owned"), url: "https://acme.com/other" },
          citation("wikipedia.org", null, "reference"),
        ],
      }),
      answer("p1", {
        mentions: [
          {
            entityId: "c1",
            isSelf: false,
            count: 2,
            firstOffset: 4,
            rank: 1,
            sentiment: "neutral",
            stance: "mentioned" as const,
            recommendedRank: null,
          },
        ],
        citations: [],
      }),
      answer("p2", { mentions: [], citations: [citation("globex.com", "c2", "competitor")] }),
    ]);
    expect(rows.days).toEqual(new Map([["2026-03-04", 3]]));
    expect(rows.cells.map((c) => [c.promptId, c.responses, c.responsesWithCitations])).toEqual([
      ["p1", 2, 1],
      ["p2", 1, 1],
    ]);
    const entity = (promptId: string, entityId: string) =>
      rows.entities.find((e) => e.promptId === promptId && e.entityId === entityId);
    expect(entity("p1", "self")).toMatchObject({
      mentionedResponses: 1,
      mentionCount: 3,
      rankSum: 1,
      citedResponses: 1,
      positiveResponses: 1,
      negativeResponses: 0,
    });
    expect(entity("p1", "c1")).toMatchObject({
      mentionedResponses: 2,
      mentionCount: 3,
      rankSum: 3,
      citedResponses: 0,
      negativeResponses: 1,
    });
    // Cited but never mentioned: a row with only citedResponses.
    expect(entity("p2", "c2")).toMatchObject({ mentionedResponses: 0, citedResponses: 1 });
    expect(rows.entities).toHaveLength(3);
    // Domains are counted per group (the prompts of a day, engine, category, language, region).
    expect(
      rows.domains
        .map((d) => [d.engine, d.category, d.domain, d.taxonomy, d.citedResponses])
        .sort(),
    ).toEqual([
      ["openai", "discovery", "acme.com", "owned", 1],
      ["openai", "discovery", "globex.com", "competitor", 1],
      ["openai", "discovery", "wikipedia.org", "reference", 1],
    ]);
  });

  it("sums cells and entities over the prompts of each (day, engine, category, language, region)", () => {
    const mention = (entityId: string, rank: number) => ({
      entityId,
      isSelf: entityId === "self",
      count: 2,
      firstOffset: 0,
      rank,
      sentiment: "positive" as const,
      stance: "mentioned" as const,
      recommendedRank: null,
    });
    const rows = buildRollupRows([
      answer("p1", { mentions: [mention("self", 1)], citations: [citation("acme.com", "self")] }),
      answer("p2", { mentions: [mention("self", 2), mention("c1", 1)], citations: [] }),
      { ...answer("p3", { mentions: [mention("self", 1)], citations: [] }), region: "us" },
      { ...answer("p4", { mentions: [], citations: [] }), engine: "gemini", category: "expert" },
    ]);
    const key = (r: { engine: string; category: string; region: string }) =>
      `${r.engine}/${r.category}/${r.region || "-"}`;
    expect(
      rows.groups.map((g) => [key(g), g.day, g.language, g.responses, g.responsesWithCitations]),
    ).toEqual([
      ["openai/discovery/-", "2026-03-04", "en", 2, 1],
      ["openai/discovery/us", "2026-03-04", "en", 1, 0],
      ["gemini/expert/-", "2026-03-04", "en", 1, 0],
    ]);
    expect(
      rows.groupEntities.map((g) => [
        key(g),
        g.entityId,
        g.mentionedResponses,
        g.mentionCount,
        g.rankSum,
        g.citedResponses,
        g.positiveResponses,
      ]),
    ).toEqual([
      ["openai/discovery/-", "self", 2, 4, 3, 1, 2],
      ["openai/discovery/-", "c1", 1, 2, 1, 0, 1],
      ["openai/discovery/us", "self", 1, 2, 1, 0, 1],
    ]);
    // The groups hold exactly what the cells hold.
    const total = (xs: Array<{ responses: number }>) => xs.reduce((n, x) => n + x.responses, 0);
    expect(total(rows.groups)).toBe(total(rows.cells));
  });

  it("counts the answers recommending, shortlisting and discouraging each entity", () => {
    const mention = (entityId: string, stance: Stance, recommendedRank: number | null) => ({
      entityId,
      isSelf: entityId === "self",
      count: 1,
      firstOffset: 0,
      rank: 1,
      sentiment: "neutral" as const,
      stance,
      recommendedRank,
    });
    const rows = buildRollupRows([
      answer("p1", { mentions: [mention("self", "recommended", 1)], citations: [] }),
      answer("p2", { mentions: [mention("self", "recommended", 4)], citations: [] }),
      answer("p3", { mentions: [mention("self", "discouraged", null)], citations: [] }),
      answer("p4", { mentions: [mention("self", "mentioned", null)], citations: [] }),
    ]);
    const [self] = rows.dayEngineEntities;
    expect(self).toMatchObject({
      mentionedResponses: 4,
      recommendedResponses: 2,
      shortlistedResponses: 1,
      discouragedResponses: 1,
    });
  });

  it("sums the groups of counted categories per (day, engine), brand research left out", () => {
    const mention = (entityId: string, rank: number) => ({
      entityId,
      isSelf: entityId === "self",
      count: 1,
      firstOffset: 0,
      rank,
      sentiment: "negative" as const,
      stance: "mentioned" as const,
      recommendedRank: null,
    });
    const rows = buildRollupRows([
      answer("p1", { mentions: [mention("self", 1)], citations: [citation("acme.com", "self")] }),
      { ...answer("p2", { mentions: [mention("self", 2)], citations: [] }), category: "expert" },
      { ...answer("p3", { mentions: [mention("c1", 1)], citations: [] }), region: "us" },
      {
        ...answer("p4", {
          mentions: [mention("self", 1)],
          citations: [citation("acme.com", "self")],
        }),
        category: "brand_research",
      },
      { ...answer("p5", { mentions: [], citations: [] }), engine: "gemini" },
      {
        ...answer("p6", { mentions: [mention("c1", 1)], citations: [] }),
        engine: "exa",
        category: "brand_research",
      },
    ]);
    expect(rows.dayEngines).toEqual([
      { day: "2026-03-04", engine: "openai", responses: 3, responsesWithCitations: 1 },
      { day: "2026-03-04", engine: "gemini", responses: 1, responsesWithCitations: 0 },
    ]);
    expect(rows.dayEngineEntities).toEqual([
      {
        day: "2026-03-04",
        engine: "openai",
        entityId: "self",
        mentionedResponses: 2,
        mentionCount: 2,
        rankSum: 3,
        citedResponses: 1,
        positiveResponses: 0,
        negativeResponses: 2,
        recommendedResponses: 0,
        shortlistedResponses: 0,
        discouragedResponses: 0,
      },
      {
        day: "2026-03-04",
        engine: "openai",
        entityId: "c1",
        mentionedResponses: 1,
        mentionCount: 1,
        rankSum: 1,
        citedResponses: 0,
        positiveResponses: 0,
        negativeResponses: 1,
        recommendedResponses: 0,
        shortlistedResponses: 0,
        discouragedResponses: 0,
      },
    ]);
  });
});

describe("rollupRowsInSteps", () => {
  // A re-analysis builds a day of 1,500 answers this way (runInSlices): no step may hold
  // more than one answer's or one row's work.
  it("yields after every answer and every row it sums, and ends with buildRollupRows' rows", () => {
    const answers = ["p1", "p2", "p3"].map((promptId, i) =>
      answer(promptId, {
        mentions: [
          {
            entityId: "self",
            isSelf: true,
            count: 1,
            firstOffset: 0,
            rank: 1,
            sentiment: "neutral",
            stance: "mentioned" as const,
            recommendedRank: null,
          },
        ],
        citations: i === 0 ? [citation("acme.com", "self", "owned")] : [],
      }),
    );
    const steps = rollupRowsInSteps(answers);
    let yields = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) yields++;
    // 3 answers; 3 cells and 3 entity rows grouped; 1 group and 1 group entity summed per day and engine.
    expect(yields).toBe(3 + 3 + 3 + 1 + 1);
    expect(step.value).toEqual(buildRollupRows(answers));
  });
});
