import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  addDays,
  dayEnd,
  dayNumber,
  dayOf,
  dayStart,
  daysBetween,
  eachDay,
  FIRST_DAY,
  isDay,
  LAST_DAY,
  spanDays,
} from "../../src/days.js";

/** The days module (src/days.ts): the contract's day type, and days shifted and walked. */
describe("days", () => {
  it("accepts real calendar days within 2000-01-01..2100-12-31 only", () => {
    for (const day of [FIRST_DAY, LAST_DAY, "2024-02-29", "2000-02-29", "2026-11-26"]) {
      expect(isDay(day), day).toBe(true);
    }
    for (const value of [
      "0000-00-00",
      "2026-02-30",
      "2025-02-29",
      "2100-02-29", // 2100 is not a leap year
      "2026-13-01",
      "2026-00-10",
      "1999-12-31",
      "2101-01-01",
      "9999-12-31",
      "+010000-01-01",
      "2026-1-01",
      " 2026-01-01",
      "2026-01-01T00:00:00Z",
      "",
      20260101,
      null,
    ]) {
      expect(isDay(value), String(value)).toBe(false);
    }
  });

  it("walks across the end of 2100 and of 9999 without printing impossible days", () => {
    expect(eachDay("2100-12-30", "2101-01-02")).toEqual([
      "2100-12-30",
      "2100-12-31",
      "2101-01-01",
      "2101-01-02",
    ]);
    expect(addDays(LAST_DAY, 1)).toBe("2101-01-01");
    // The day after 9999-12-31 has no YYYY-MM-DD: an error, never "+010000-01-01".
    expect(() => addDays("9999-12-31", 1)).toThrow(RangeError);
    expect(() => eachDay("9999-12-30", "10000-01-01")).toThrow(RangeError);
    expect(eachDay("2026-01-02", "2026-01-01")).toEqual([]);
    expect(eachDay(FIRST_DAY, LAST_DAY)).toHaveLength(36_890);
    expect(spanDays(FIRST_DAY, LAST_DAY)).toBe(36_890);
  });

  it("counts leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-02-29", 1)).toBe("2024-03-01");
    expect(addDays("2100-02-28", 1)).toBe("2100-03-01");
    expect(addDays("2000-02-28", 1)).toBe("2000-02-29");
    expect(daysBetween("2024-01-01", "2025-01-01")).toBe(366);
    expect(daysBetween("2025-01-01", "2026-01-01")).toBe(365);
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(eachDay("2024-02-28", "2024-03-01")).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
  });

  it("refuses what is not a day instead of rolling it over", () => {
    for (const bad of ["0000-00-00", "2026-02-30", "yesterday", "2026-02-3"]) {
      expect(() => dayStart(bad), bad).toThrow(RangeError);
      expect(() => addDays(bad, 1), bad).toThrow(RangeError);
    }
    expect(() => dayOf(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => addDays("2026-01-01", 0.5)).toThrow(RangeError);
  });

  it("gives UTC midnights and day numbers", () => {
    expect(dayStart("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(dayEnd("2026-03-29").toISOString()).toBe("2026-03-30T00:00:00.000Z");
    expect(dayEnd(LAST_DAY).toISOString()).toBe("2101-01-01T00:00:00.000Z");
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("2026-11-26") - dayNumber("2026-11-25")).toBe(1);
    expect(dayOf(new Date("2026-03-29T23:59:59.999Z"))).toBe("2026-03-29");
    expect(dayOf(Date.UTC(2026, 2, 30))).toBe("2026-03-30");
  });

  it("does not depend on the process's time zone or its daylight-saving changes", () => {
    // Days around the DST changes of Europe (last Sunday of March and October) and of
    // Auckland, the US and Lord Howe (30-minute shift), computed in a process of each zone.
    const script = `
      const d = await import(${JSON.stringify(fileURLToPath(new URL("../../src/days.ts", import.meta.url)))});
      console.log(JSON.stringify([
        d.eachDay("2026-03-27", "2026-03-31"), d.eachDay("2026-10-23", "2026-10-27"),
        d.addDays("2026-03-28", 2), d.daysBetween("2026-03-01", "2026-04-01"),
        d.dayOf(new Date("2026-03-29T01:30:00Z")), d.dayEnd("2026-10-25").toISOString(),
      ]));`;
    const results = [
      "UTC",
      "Europe/Berlin",
      "Pacific/Auckland",
      "America/New_York",
      "Australia/Lord_Howe",
    ].map((zone) =>
      execFileSync(
        process.execPath,
        [
          "--experimental-strip-types",
          "--disable-warning=ExperimentalWarning",
          "--input-type=module",
          "-e",
          script,
        ],
        { env: { ...process.env, TZ: zone }, encoding: "utf8" },
      ).trim(),
    );
    expect(new Set(results).size).toBe(1);
    expect(JSON.parse(results[0] as string)).toEqual([
      ["2026-03-27", "2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31"],
      ["2026-10-23", "2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"],
      "2026-03-30",
      31,
      "2026-03-29",
      "2026-10-26T00:00:00.000Z",
    ]);
  });
});
