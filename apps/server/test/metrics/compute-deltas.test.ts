import { describe, expect, it } from "vitest";
import {
  compositeDeltas,
  compositeDeltasFromSeries,
  shiftDate,
} from "../../src/metrics/composite-deltas.js";

describe("compositeDeltas", () => {
  it("current minus each comparison day; 0 where that day has no data", () => {
    expect(compositeDeltas(50, { previous: 45, d7: 60, d28: null })).toEqual({
      previous: 5,
      "7d": -10,
      "28d": 0,
    });
    expect(compositeDeltas(50, {})).toEqual({ previous: 0, "7d": 0, "28d": 0 });
  });

  it("picks the latest earlier day with data, and exactly 7 and 28 days earlier", () => {
    const series = [
      { date: "2026-02-04", composite: 30 }, // 28 days before 2026-03-04
      { date: "2026-02-25", composite: 40 }, // 7 days before
      { date: "2026-03-01", composite: 44 }, // latest earlier day with data
      { date: "2026-03-04", composite: 50 },
      { date: "2026-03-05", composite: 99 }, // later: ignored
    ];
    expect(compositeDeltasFromSeries(series, "2026-03-04")).toEqual({
      previous: 6,
      "7d": 10,
      "28d": 20,
    });
    expect(compositeDeltasFromSeries(series, "2026-03-03")).toEqual({
      previous: 0,
      "7d": 0,
      "28d": 0,
    });
    expect(
      compositeDeltasFromSeries([{ date: "2026-03-04", composite: 50 }], "2026-03-04"),
    ).toEqual({ previous: 0, "7d": 0, "28d": 0 });
  });

  it("shifts UTC calendar dates across month and year ends", () => {
    expect(shiftDate("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDate("2026-01-03", -28)).toBe("2025-12-06");
    expect(() => shiftDate("yesterday", -1)).toThrow(RangeError);
  });
});
