import { describe, expect, it } from "vitest";
import { type PageCheck, scorePage } from "../../src/web/page-check.js";

const check = (
  category: PageCheck["category"],
  status: PageCheck["status"],
  severity: PageCheck["severity"],
): PageCheck => ({
  id: `${category}.${status}.${severity}`,
  category,
  title: "t",
  status,
  severity,
  summary: "s",
  evidence: [],
  fix: null,
});

describe("scorePage", () => {
  it("weights checks by severity and ignores info and not_applicable", () => {
    const scores = scorePage([
      check("access", "pass", "critical"), // 8 of 8
      check("access", "fail", "medium"), // 0 of 2
      check("access", "info", "high"),
      check("understanding", "warn", "low"), // 0.5 of 1
      check("understanding", "not_applicable", "critical"),
    ]);
    expect(scores.categories.access).toBe(80);
    expect(scores.categories.understanding).toBe(50);
    expect(scores.categories.entity).toBeNull();
    // (80 * 0.3 + 50 * 0.3) / 0.6
    expect(scores.overall).toBe(65);
  });

  it("is null when nothing was scored", () => {
    expect(scorePage([check("citations", "info", "low")])).toEqual({
      overall: null,
      categories: {
        access: null,
        understanding: null,
        entity: null,
        citations: null,
        compliance: null,
      },
    });
  });
});
