import { describe, expect, it } from "vitest";
import {
  type CompositeCell,
  compositeChange,
  linearised,
  windowComposite,
} from "../../src/metrics/window-composite.js";

const weights = { visibility: 0.4, shareOfVoice: 0.3, position: 0.15, citation: 0.15 };

/** A cell of two entities: [named, rank sum, cited] each. */
function cell(
  prompt: string,
  day: string,
  responses: number,
  withCitations: number,
  entities: Array<[number, number, number]>,
): CompositeCell {
  return {
    prompt,
    day,
    responses,
    mentioned: entities.map((x) => x[0]),
    rankSum: entities.map((x) => x[1]),
    withCitations,
    cited: entities.map((x) => x[2]),
  };
}

const cells: CompositeCell[] = [
  cell("p1", "2026-07-01", 4, 3, [
    [2, 3, 1],
    [3, 4, 2],
  ]),
  cell("p2", "2026-07-01", 4, 2, [
    [1, 2, 0],
    [2, 2, 1],
  ]),
  cell("p1", "2026-07-02", 4, 4, [
    [3, 5, 2],
    [1, 1, 1],
  ]),
  cell("p2", "2026-07-02", 4, 1, [
    [0, 0, 0],
    [4, 6, 1],
  ]),
];

describe("the composite over a window (metrics/window-composite.ts)", () => {
  it("each cell's residual is the composite's first-order change when the cell is added again", () => {
    const { value, residual } = linearised(cells, 0, weights);
    for (const c of cells) {
      const eps = 1e-6;
      const scaled: CompositeCell = {
        ...c,
        responses: c.responses * eps,
        mentioned: c.mentioned.map((x) => x * eps),
        rankSum: c.rankSum.map((x) => x * eps),
        withCitations: c.withCitations * eps,
        cited: c.cited.map((x) => x * eps),
        prompt: `${c.prompt}-copy`,
      };
      const moved = linearised([...cells, scaled], 0, weights).value;
      expect((moved - value) / eps).toBeCloseTo(residual(c), 4);
    }
  });

  it("an entity never named or cited still gets an interval above 0", () => {
    const never = cells.map((c) => ({
      ...c,
      mentioned: [0, c.mentioned[1] as number],
      rankSum: [0, c.rankSum[1] as number],
      cited: [0, c.cited[1] as number],
    }));
    const estimate = windowComposite(never, 0, weights);
    expect(estimate.value).toBe(0);
    expect(estimate.ciLow).toBe(0);
    expect(estimate.ciHigh).toBeGreaterThan(0);
    // With visibility weighted 0 too.
    const noVisibility = windowComposite(never, 0, { ...weights, visibility: 0 });
    expect(noVisibility.ciHigh).toBeGreaterThan(0);
  });

  it("all weights zero give 0; negative weights are refused", () => {
    const zero = { visibility: 0, shareOfVoice: 0, position: 0, citation: 0 };
    expect(windowComposite(cells, 0, zero)).toMatchObject({ value: 0, ciLow: 0, ciHigh: 0 });
    expect(() => windowComposite(cells, 0, { ...weights, position: -1 })).toThrow(RangeError);
  });

  it("the change needs two run days on each side, on days of its own", () => {
    const later = cells.map((c) => ({ ...c, day: c.day.replace("07-0", "07-1") }));
    const change = compositeChange(later, cells, 0, weights);
    expect(change).not.toBeNull();
    expect(Number.isFinite(change?.ciLow)).toBe(true);
    expect(compositeChange(later.slice(0, 2), cells, 0, weights)).toBeNull();
    expect(compositeChange(cells, cells, 0, weights)).toBeNull();
    expect(compositeChange(later, cells, 0, weights, 1)).not.toBeNull();
  });
});
