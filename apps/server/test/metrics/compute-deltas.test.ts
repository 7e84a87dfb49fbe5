import { describe, expect, it } from "vitest";
import { comparisonDays, compositeDeltas, shiftDate } from "../../src/metrics/composite-deltas.js";

describe("compositeDeltas", () => {
  it("current minus each comparison day; 0 where that day has no data", () => {
    expect(compositeDeltas(50, { previous: 45, d7: 60, d28: null })).toEqual({
      previous: 5,
      "7d": -10,
      "28d": 0,
    });
    expect(compositeDeltas(50, {})).toEqual({ previous: 0, "7d": 0, "28d": 0 });
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
    expect(shiftDate("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDate("2026-01-03", -28)).toBe("2025-12-06");
    expect(() => shiftDate("yesterday", -1)).toThrow(RangeError);
  });
});
