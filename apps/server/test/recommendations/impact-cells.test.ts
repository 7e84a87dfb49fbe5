import { describe, expect, it } from "vitest";
import { type ImpactAnswer, impactCells } from "../../src/services/recommendations/impact-cells.js";

/** The impact metrics' definitions (docs/recommendations.md, "Metric definitions"), cell by cell. */
const answer = (over: Partial<ImpactAnswer>): ImpactAnswer => ({
  promptId: "p1",
  engine: "openai",
  namesBrand: false,
  citesOwned: false,
  domains: new Set(),
  hasClaim: false,
  ...over,
});

describe("impactCells", () => {
  const rollups = [
    {
      promptId: "p1",
      engine: "openai",
      responses: 4,
      mentioned: 2,
      negative: 1,
      othersMentioned: 6,
    },
  ];
  it("rollup metrics: visibility, share of voice, negative share", () => {
    const cell = { promptId: "p1", engine: "openai" };
    expect(impactCells({ metric: "visibility", rollups })).toEqual([
      { ...cell, n: 4, numerator: 2, denominator: 4 },
    ]);
    expect(impactCells({ metric: "share_of_voice", rollups })).toEqual([
      { ...cell, n: 4, numerator: 2, denominator: 8 },
    ]);
    // Of the answers naming the brand: n is those answers.
    expect(impactCells({ metric: "negative_share", rollups })).toEqual([
      { ...cell, n: 2, numerator: 1, denominator: 2 },
    ]);
  });

  it("answer metrics: owned citation rate and restricted claims among answers naming the brand, co-citation among all", () => {
    const answers = [
      answer({ namesBrand: true, citesOwned: true, domains: new Set(["g2.com"]) }),
      answer({ namesBrand: true, hasClaim: true }),
      // Cites the domain without naming the brand: not a co-citation.
      answer({ domains: new Set(["g2.com"]), citesOwned: true }),
      answer({ engine: "gemini", namesBrand: true, domains: new Set(["g2.com"]) }),
    ];
    expect(impactCells({ metric: "citation_rate", answers })).toEqual([
      { promptId: "p1", engine: "openai", n: 2, numerator: 1, denominator: 2 },
      { promptId: "p1", engine: "gemini", n: 1, numerator: 0, denominator: 1 },
    ]);
    expect(impactCells({ metric: "restricted_claims", answers })).toEqual([
      { promptId: "p1", engine: "openai", n: 2, numerator: 1, denominator: 2 },
      { promptId: "p1", engine: "gemini", n: 1, numerator: 0, denominator: 1 },
    ]);
    expect(impactCells({ metric: "co_citation_rate", answers, domain: "G2.com" })).toEqual([
      { promptId: "p1", engine: "openai", n: 3, numerator: 1, denominator: 3 },
      { promptId: "p1", engine: "gemini", n: 1, numerator: 1, denominator: 1 },
    ]);
    // Without a domain nothing is a co-citation.
    expect(
      impactCells({ metric: "co_citation_rate", answers, domain: null }).map((c) => c.numerator),
    ).toEqual([0, 0]);
  });
});
