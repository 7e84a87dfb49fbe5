import { describe, expect, it } from "vitest";
import { extractQuestions } from "../../src/engines/research-provider.js";
import { guessCategory } from "../../src/services/research/guess-category.js";
import { planResearchCalls } from "../../src/services/research/plan-research.js";

describe("extractQuestions", () => {
  it("keeps question lines without numbering, bullets, bold or citation marks", () => {
    const text =
      '1. How do I pick a CRM?\n- **Is HubSpot worth it?** [2]\nIntro. What does it cost per seat?\n"Short?"\nNo question here.';
    expect(extractQuestions(text)).toEqual([
      "How do I pick a CRM?",
      "Is HubSpot worth it?",
      "What does it cost per seat?",
    ]);
  });

  it("keeps Spanish inverted question marks", () => {
    expect(extractQuestions("¿Cuál es el mejor CRM para pymes?")).toEqual([
      "¿Cuál es el mejor CRM para pymes?",
    ]);
  });
});

describe("guessCategory", () => {
  const rivals = ["Globex", "Initech"];
  it.each([
    ["Is Acme worth it?", "brand_research"],
    ["Acme vs Globex for agencies?", "comparison"],
    ["What are the best Initech alternatives?", "comparison"],
    ["How do I fix slow dashboards?", "problem_solution"],
    ["Which analytics tool is best for agencies?", "use_case"],
    ["What are the top analytics tools?", "discovery"],
    ["What metrics define attribution quality?", "expert"],
  ])("%s -> %s", (text, category) => {
    expect(guessCategory(text, "Acme", rivals)).toBe(category);
  });
});

describe("planResearchCalls", () => {
  it("stops each provider at its cap and the total at maxCalls", () => {
    const seeds = Array.from({ length: 60 }, (_, i) => `s${i}`);
    const calls = planResearchCalls(["exa", "perplexity", "search_console"], seeds, 80);
    const count = (p: string) => calls.filter((c) => c.provider === p).length;
    expect([count("exa"), count("perplexity"), count("search_console")]).toEqual([40, 30, 10]);
    expect(planResearchCalls(["exa", "perplexity"], seeds, 5).map((c) => c.provider)).toEqual([
      "exa",
      "perplexity",
      "exa",
      "perplexity",
      "exa",
    ]);
  });
});
