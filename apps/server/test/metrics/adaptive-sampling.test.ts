import { describe, expect, it } from "vitest";
import { CONFIRMATION_ALPHA } from "../../src/metrics/adaptive-confirmation.js";
import { Rng } from "../../src/prng.js";
import { aaRates, adaptiveBase, CHANGE_DAY, powerWithin } from "./adaptive-simulation.js";
import { SimulatedWorld } from "./adaptive-world.js";
import { drift } from "./drift-model.js";
import { mentionRate } from "./significance-fixtures.js";

/**
 * Adaptive sampling (docs/metrics.md, "Adaptive sampling") on the drifting
 * truth of the calibration (σ_day 0.25): change detection over 90 days, a
 * confirmation with extra answers after every borderline test, the verdict
 * looked at every day. The share of stable series flagged by either stays
 * within the detector's documented 5%, a confirmation of a stable series
 * confirms at most CONFIRMATION_ALPHA of the time, and a 10-point change is
 * found more often than by the detector alone. The longer run:
 * bench/adaptive-sampling.ts.
 */
const world = (seed: string, shift?: number) => (i: number) =>
  new SimulatedWorld(
    {
      ...adaptiveBase,
      mentionRate,
      drift,
      ...(shift ? { shift: { entityId: "Acme", points: shift, fromDay: CHANGE_DAY } } : {}),
    },
    Rng.fromString(`${seed}/${i}`),
  );

describe("adaptive sampling", () => {
  it("A/A: stable 90-day series stay under 5% with the confirmations", () => {
    const aa = aaRates(world("adaptive-aa"), 100);
    console.log(
      `A/A: series flagged by the detector ${aa.detector}/${aa.series}, with confirmations ${aa.either}/${aa.series}; sets ${aa.setsDetector}/100 and ${aa.setsEither}/100; confirmations started ${aa.started}, confirmed ${aa.confirmations}; ${aa.extraAnswers / 100} extra answers a 90-day set`,
    );
    expect(aa.either / aa.series).toBeLessThanOrEqual(0.05);
    // A set (a workspace's 12 series) flags anything at most 5% of the time, within two
    // Monte Carlo standard errors of 100 sets; the confirmations add at most 2 of them.
    expect(aa.setsEither / 100).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / 100));
    expect(aa.setsEither - aa.setsDetector).toBeLessThanOrEqual(2);
    expect(aa.started).toBeGreaterThan(10);
    // A confirmation is a test at CONFIRMATION_ALPHA: within two Monte Carlo standard errors.
    const se = Math.sqrt((CONFIRMATION_ALPHA * (1 - CONFIRMATION_ALPHA)) / aa.started);
    expect(aa.confirmations / aa.started).toBeLessThanOrEqual(CONFIRMATION_ALPHA + 2 * se);
  }, 60_000);

  it("+10 points: found within two weeks more often than by the detector alone", () => {
    const sets = 200;
    const power = powerWithin(world("adaptive-power", 10), sets);
    console.log(
      `+10 points within 14 days: detector ${power.detector}/${sets}, with confirmations ${power.either}/${sets}; ${power.extraAnswers / sets} extra answers a set`,
    );
    // About 10 points more of the changes (the longer run: 8-16 points).
    expect((power.either - power.detector) / sets).toBeGreaterThanOrEqual(0.05);
    expect(power.either / sets).toBeGreaterThanOrEqual(0.75);
  }, 60_000);
});
