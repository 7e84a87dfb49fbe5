// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Impact } from "../../src/views/recommendations";

afterEach(cleanup);

const metric = (value: number, n: number, date: string) => ({
  name: "visibility",
  value,
  ciLow: value - 0.04,
  ciHigh: value + 0.04,
  n,
  date,
});
const window = (from: string, to: string, value: number, n: number) => ({
  from,
  to,
  days: 7,
  value,
  ciLow: value - 0.03,
  ciHigh: value + 0.03,
  n,
});

describe("a done recommendation's impact", () => {
  it("shows the change with its interval and, over weeks, each week's value", () => {
    render(
      <Impact
        impact={{
          baseline: metric(0.3, 160, "2026-11-14"),
          current: metric(0.361, 1120, "2026-11-28"),
          delta: {
            delta: 0.061,
            ciLow: 0.012,
            ciHigh: 0.11,
            significant: true,
            method: "daily-rates-t",
            windows: {
              before: window("2026-11-08", "2026-11-14", 0.3, 1120),
              after: window("2026-11-22", "2026-11-28", 0.361, 1120),
            },
          },
          verdict: "improved",
        }}
      />,
    );
    expect(screen.getByText(/^Change:/).textContent).toBe(
      "Change: +6.1 pts (95% CI +1.2 to +11 pts)",
    );
    expect(screen.getByText(/^Before:/).textContent).toBe(
      "Before: 30.0% (95% CI 27.0%–33.0%), n = 1,120, Nov 8, 2026 – Nov 14, 2026 (7 days)",
    );
    expect(screen.getByText(/^After:/).textContent).toMatch(/^After: 36\.1% /);
  });

  it("two single days: the change without weeks; before any measurement, the verdict alone", () => {
    const { rerender } = render(
      <Impact
        impact={{
          baseline: metric(0.3, 160, "2026-11-14"),
          current: metric(0.28, 160, "2026-11-16"),
          delta: {
            delta: -0.02,
            ciLow: -0.09,
            ciHigh: 0.05,
            significant: false,
            method: "paired-cluster-bootstrap",
            windows: null,
          },
          verdict: "no_detectable_change",
        }}
      />,
    );
    expect(screen.getByText(/^Change:/).textContent).toBe("Change: −2 pts (95% CI −9 to +5 pts)");
    expect(screen.queryByText(/week against week/)).toBeNull();
    rerender(
      <Impact
        impact={{
          baseline: metric(0.3, 160, "2026-11-14"),
          current: null,
          delta: null,
          verdict: "not_enough_data",
        }}
      />,
    );
    expect(screen.queryByText(/^Change:/)).toBeNull();
  });
});
