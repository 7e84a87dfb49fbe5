import { describe, expect, it } from "vitest";
import {
  chartRows,
  downloadChoices,
  formatCell,
  hasIntervals,
  type ReportChartSpec,
  webLink,
} from "../../src/report-document";
import { pollWhileRunning } from "../../src/report-labels";

const chart: ReportChartSpec = {
  kind: "line",
  title: "Composite per day",
  unit: "percent",
  x: ["2026-03-04", "2026-03-05"],
  series: [
    { name: "Acme", values: [40, null], low: [35, null], high: [45, null] },
    { name: "toString", values: [10, 12] },
  ],
};

describe("chartRows", () => {
  it("keys series by position (names are arbitrary text) with band and whiskers", () => {
    expect(chartRows(chart)).toEqual([
      { x: "2026-03-04", s0: 40, s0band: [35, 45], s0whisker: [5, 5], s1: 10 },
      { x: "2026-03-05", s0: null, s1: 12 },
    ]);
  });
  it("knows whether a chart has intervals", () => {
    expect(hasIntervals(chart)).toBe(true);
    expect(hasIntervals({ ...chart, series: [{ name: "a", values: [1, 2] }] })).toBe(false);
  });
});

describe("formatCell", () => {
  it("formats each column type for a person", () => {
    expect(formatCell(42.5, "percent")).toBe("42.5%");
    expect(formatCell(1_500_000, "usd")).toBe("$1.50");
    expect(formatCell(1234, "integer")).toBe("1,234");
    expect(formatCell("2026-03-05", "date")).toBe("Mar 5, 2026");
    expect(formatCell(null, "text")).toBe("—");
    expect(formatCell(true, "text")).toBe("yes");
    expect(formatCell('=HYPERLINK("x")', "text")).toBe('=HYPERLINK("x")');
  });
});

describe("webLink", () => {
  it("links only http(s) addresses", () => {
    expect(webLink("https://acme.com/a")).toBe("https://acme.com/a");
    expect(webLink("javascript:alert(1)")).toBeNull();
    expect(webLink("data:text/html,x")).toBeNull();
    expect(webLink("http://")).toBeNull();
    expect(webLink(3)).toBeNull();
  });
});

describe("downloadChoices", () => {
  it("offers CSV once per section with a table, other formats once", () => {
    const sections = [
      { id: "engines", title: "Engines", hasTable: true },
      { id: "summary", title: "Summary", hasTable: false },
    ];
    expect(downloadChoices(["json", "csv", "pdf"], sections)).toEqual([
      { format: "json", label: "JSON" },
      { format: "csv", section: "engines", label: "CSV: Engines" },
      { format: "pdf", label: "PDF" },
    ]);
  });
});

describe("pollWhileRunning", () => {
  it("polls while an evaluation is queued or running", () => {
    expect(pollWhileRunning([{ status: "succeeded" }, { status: "running" }])).toBe(2000);
    expect(pollWhileRunning([{ status: "succeeded" }, { status: "failed" }])).toBe(false);
    expect(pollWhileRunning(undefined)).toBe(false);
  });
});
