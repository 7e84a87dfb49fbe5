import { describe, expect, it } from "vitest";
import { AppError } from "../../src/errors/app-error.js";
import { planGeneration } from "../../src/services/prompt-generation/plan-generation.js";

const quotas = {
  discovery: 0.3,
  problem_solution: 0.2,
  use_case: 0.2,
  comparison: 0.1,
  expert: 0.1,
  brand_research: 0.1,
};
const all = Object.keys(quotas) as any[];

describe("planGeneration", () => {
  it("apportions by largest remainder over categories and languages, exactly count in all", () => {
    const plan = planGeneration({
      count: 7,
      languages: ["en", "es"],
      categories: all,
      quotas,
      promptsPerCall: 25,
    });
    expect(plan.targets.reduce((n, t) => n + t.count, 0)).toBe(7);
    // exact shares: discovery 1.05 per language, problem_solution/use_case 0.7, others 0.35
    expect(plan.targets).toEqual([
      { category: "discovery", language: "en", count: 1 },
      { category: "discovery", language: "es", count: 1 },
      { category: "problem_solution", language: "en", count: 1 },
      { category: "problem_solution", language: "es", count: 1 },
      { category: "use_case", language: "en", count: 1 },
      { category: "use_case", language: "es", count: 1 },
      { category: "comparison", language: "en", count: 1 },
    ]);
    expect(plan.batches).toHaveLength(2);
    expect(plan.reservationMicrousd).toBe(500_000n);
  });

  it("gives nothing to a zero-quota category and renormalises the requested ones", () => {
    const plan = planGeneration({
      count: 10,
      languages: ["en"],
      categories: ["comparison", "expert"],
      quotas: { ...quotas, expert: 0 },
      promptsPerCall: 4,
    });
    expect(plan.targets).toEqual([{ category: "comparison", language: "en", count: 10 }]);
    expect(plan.batches.map((b) => b.items[0]?.count)).toEqual([4, 4, 2]);
  });

  it("refuses requested categories whose quotas are all zero", () => {
    expect(() =>
      planGeneration({
        count: 5,
        languages: ["en"],
        categories: ["expert"],
        quotas: { ...quotas, expert: 0 },
        promptsPerCall: 5,
      }),
    ).toThrowError(AppError);
  });

  it("refuses more than 100 calls, naming promptsPerCall", () => {
    try {
      planGeneration({ count: 300, languages: ["en"], categories: all, quotas, promptsPerCall: 2 });
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).details).toMatchObject({
        fields: [{ field: "body.promptsPerCall", rule: "maxCalls" }],
      });
    }
  });

  it("splits a language's prompts into calls of at most promptsPerCall, categories packed in order", () => {
    const plan = planGeneration({
      count: 20,
      languages: ["en"],
      categories: all,
      quotas,
      promptsPerCall: 7,
    });
    expect(plan.batches.map((b) => b.items.reduce((n, i) => n + i.count, 0))).toEqual([7, 7, 6]);
    expect(plan.batches[0]?.items).toEqual([
      { category: "discovery", count: 6 },
      { category: "problem_solution", count: 1 },
    ]);
  });
});
