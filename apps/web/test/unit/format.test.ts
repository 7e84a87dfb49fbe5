import { describe, expect, it } from "vitest";
import {
  describeDelta,
  dollarsToMicrousd,
  formatAxisDay,
  formatEstimate,
  formatMicrousd,
  formatShare,
  formatTooltipDay,
} from "../../src/format";

const comparison = (delta: number | null, significant: boolean | null) => ({
  date: delta === null ? null : "2026-11-01",
  delta,
  ciLow: delta === null ? null : delta - 1,
  ciHigh: delta === null ? null : delta + 1,
  significant,
  method: null,
});

describe("money", () => {
  it("shows micro-USD as dollars, keeping sub-cent amounts readable", () => {
    expect(formatMicrousd(1_234_567)).toBe("$1.23");
    expect(formatMicrousd(25_990_000)).toBe("$25.99");
    expect(formatMicrousd(0)).toBe("$0.00");
    expect(formatMicrousd(2_400)).toBe("$0.0024");
  });

  it("reads typed dollars as integer micro-USD without floating-point drift", () => {
    expect(dollarsToMicrousd("10")).toBe(10_000_000);
    expect(dollarsToMicrousd("$12.50")).toBe(12_500_000);
    expect(dollarsToMicrousd("0.29")).toBe(290_000);
    expect(dollarsToMicrousd("1.1234567")).toBeNull();
    expect(dollarsToMicrousd("ten")).toBeNull();
    expect(dollarsToMicrousd("-5")).toBeNull();
  });
});

describe("intervals and changes", () => {
  it("writes a value with its 95% interval, and 'no data' when nothing was measured", () => {
    expect(formatEstimate({ value: 0.421, ciLow: 0.38, ciHigh: 0.463, n: 40 }, "share")).toBe(
      "42.1% (95% CI 38.0%–46.3%)",
    );
    expect(formatEstimate({ value: 33.84, ciLow: 0, ciHigh: 63.7, n: 4 }, "score")).toBe(
      "33.8 (95% CI 0–63.7)",
    );
    expect(formatEstimate({ value: 0, ciLow: 0, ciHigh: 0, n: 0 }, "share")).toBe("no data");
    expect(formatShare(0.5)).toBe("50.0%");
  });

  it("says whether a change is distinguishable from noise", () => {
    const up = describeDelta(comparison(4.25, true), "score");
    expect(up).toMatchObject({ text: "+4.3", direction: "up", significant: true });
    expect(up.note).toMatch(/distinguishable from noise/);
    const noise = describeDelta(comparison(-0.031, false), "share");
    expect(noise).toMatchObject({ text: "−3.1 pts", direction: "flat", significant: false });
    expect(noise.note).toMatch(/within noise/);
    expect(describeDelta(comparison(null, null), "score")).toMatchObject({
      text: "—",
      direction: "none",
    });
  });
});

describe("chart days", () => {
  it("labels a UTC day on the axis short and in the tooltip in full, other labels as they are", () => {
    expect(formatAxisDay("2026-11-20")).toBe("Nov 20");
    expect(formatTooltipDay("2026-11-20")).toBe("Nov 20, 2026");
    expect(formatAxisDay("chatgpt")).toBe("chatgpt");
    expect(formatTooltipDay("acme.com")).toBe("acme.com");
  });
});
