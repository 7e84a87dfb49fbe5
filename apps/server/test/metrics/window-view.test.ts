import { describe, expect, it } from "vitest";
import type { ChangeSeries } from "../../src/metrics/detect-changes.js";
import { windowView } from "../../src/metrics/window-view.js";
import { weights } from "./significance-fixtures.js";

/** A pooled series of one entity: per day, [mentioned, answers] of each of 4 prompts. */
function series(entityId: string, days: Record<string, Array<[number, number]>>): ChangeSeries {
  return {
    entityId,
    engine: null,
    days: Object.entries(days).map(([date, prompts]) => ({
      date,
      successes: prompts.reduce((s, [y]) => s + y, 0),
      trials: prompts.reduce((s, [, n]) => s + n, 0),
      prompts: prompts.map(([successes, trials], i) => ({ promptId: `p${i}`, successes, trials })),
    })),
  };
}
const ranges = {
  previous: { from: "2026-03-01", to: "2026-03-07" },
  current: { from: "2026-03-08", to: "2026-03-14" },
};

describe("windowView", () => {
  it("tests the change only with 2 run days on each side, and clamps its interval to [−1, 1]", () => {
    const low: Array<[number, number]> = [
      [1, 5],
      [1, 5],
      [1, 5],
      [1, 5],
    ];
    const high: Array<[number, number]> = [
      [5, 5],
      [5, 5],
      [4, 5],
      [5, 5],
    ];
    const oneEach = windowView({
      weights,
      entityIds: ["self"],
      series: [series("self", { "2026-03-02": low, "2026-03-09": high, "2026-03-10": high })],
      ...ranges,
    });
    expect(oneEach.entities[0]?.visibility.change).toBeNull();
    expect(oneEach.current.runDays).toBe(2);
    expect(oneEach.previous.runDays).toBe(1);

    const twoEach = windowView({
      weights,
      entityIds: ["self"],
      series: [
        series("self", {
          "2026-03-02": low,
          "2026-03-03": low,
          "2026-03-09": high,
          "2026-03-10": [
            [5, 5],
            [5, 5],
            [5, 5],
            [5, 5],
          ],
        }),
      ],
      ...ranges,
    });
    const change = twoEach.entities[0]?.visibility.change;
    expect(change?.delta).toBeCloseTo(0.975 - 0.2, 12);
    expect(change?.ciHigh).toBeLessThanOrEqual(1);
    expect(change?.ciLow).toBeGreaterThanOrEqual(-1);
    expect(change?.significant).toBe(true);
  });

  it("share of voice divides by every entity's mentioned answers of the same prompts and days", () => {
    const view = windowView({
      weights,
      entityIds: ["self", "rival"],
      series: [
        series("self", {
          "2026-03-09": [
            [2, 4],
            [1, 4],
            [0, 4],
            [1, 4],
          ],
        }),
        series("rival", {
          "2026-03-09": [
            [2, 4],
            [3, 4],
            [0, 4],
            [1, 4],
          ],
        }),
      ],
      ...ranges,
    });
    const [self, rival] = view.entities;
    expect(self?.visibility.current).toMatchObject({
      value: 4 / 16,
      n: 16,
      intervalUnit: "prompt",
    });
    expect(self?.shareOfVoice.current).toMatchObject({ value: 4 / 10, n: 10 });
    expect(rival?.shareOfVoice.current.value).toBe(6 / 10);
    // Only one entity named: its share is 1, but 4 mentions do not make it certain.
    const alone = windowView({
      weights,
      entityIds: ["self", "rival"],
      series: [
        series("self", {
          "2026-03-09": [
            [1, 4],
            [1, 4],
            [1, 4],
            [1, 4],
          ],
        }),
        series("rival", {
          "2026-03-09": [
            [0, 4],
            [0, 4],
            [0, 4],
            [0, 4],
          ],
        }),
      ],
      ...ranges,
    }).entities[0]?.shareOfVoice.current;
    expect(alone?.value).toBe(1);
    expect(alone?.ciHigh).toBe(1);
    expect(alone?.ciLow).toBeLessThan(0.9);
    expect(self?.visibility.previous).toEqual({
      value: 0,
      ciLow: 0,
      ciHigh: 0,
      n: 0,
      intervalUnit: "answer",
    });
  });
});
