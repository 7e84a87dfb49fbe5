import { describe, expect, it } from "vitest";
import { addDays } from "../../src/days.js";
import {
  comparisonDays,
  compositeChanges,
  deltaComparisons,
  noChanges,
  noComparison,
  noComparisons,
} from "../../src/metrics/composite-deltas.js";

const none = noComparison;

describe("compositeChanges", () => {
  it("each comparison day's change, with the day used; null (and 0 in deltas) where there is none", () => {
    const up = {
      delta: 5,
      ciLow: 1,
      ciHigh: 9,
      significant: true,
      method: "paired-cluster-bootstrap" as const,
    };
    const down = {
      delta: -10,
      ciLow: -21,
      ciHigh: 1,
      significant: false,
      method: "unpaired-bootstrap" as const,
    };
    const changes = compositeChanges({
      previous: { date: "2026-03-03", change: up },
      d7: { date: "2026-02-25", change: down },
    });
    expect(changes).toEqual({
      deltas: { previous: 5, "7d": -10, "28d": 0 },
      comparisons: {
        previous: { date: "2026-03-03", ...up },
        "7d": { date: "2026-02-25", ...down },
        "28d": none,
      },
    });
    expect(deltaComparisons({ d28: { date: "2026-02-04", change: up } })).toEqual({
      previous: none,
      "7d": none,
      "28d": { date: "2026-02-04", ...up },
    });
  });

  it("compares nothing without comparison days", () => {
    expect(compositeChanges({})).toEqual(noChanges);
    expect(noChanges).toEqual({
      deltas: { previous: 0, "7d": 0, "28d": 0 },
      comparisons: noComparisons,
    });
    expect(noComparisons).toEqual({ previous: none, "7d": none, "28d": none });
  });

  it("compares with the latest earlier day with data, and exactly 7 and 28 days earlier", () => {
    const days = [
      "2026-02-04", // 28 days before 2026-03-04
      "2026-02-25", // 7 days before
      "2026-03-01", // latest earlier day with data
      "2026-03-04",
      "2026-03-05", // later: ignored
    ];
    expect(comparisonDays("2026-03-04", days)).toEqual({
      previous: "2026-03-01",
      d7: "2026-02-25",
      d28: "2026-02-04",
    });
    expect(comparisonDays("2026-03-02", days)).toEqual({ previous: "2026-03-01" });
    expect(comparisonDays("2026-03-04", ["2026-03-04"])).toEqual({});
  });

  it("shifts UTC calendar dates across month and year ends", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-01-03", -28)).toBe("2025-12-06");
    expect(() => addDays("yesterday", -1)).toThrow(RangeError);
  });
});
