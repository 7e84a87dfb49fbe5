import { describe, expect, it } from "vitest";
import { metricPrecisionInputs, type PrecisionInputs } from "../../src/metrics/plan-precision.js";
import { answeredDays, promptDayCounts } from "../../src/metrics/prompt-day-counts.js";
import { Rng } from "../../src/prng.js";
import {
  PRIOR_INPUTS,
  PRIOR_SHARE_OF_VOICE_INPUTS,
} from "../../src/services/metrics/plan-measurement.js";
import { drift } from "./drift-model.js";
import { mentionRate } from "./significance-fixtures.js";
import { simulateSeries } from "./simulated-series.js";

/**
 * The planner's priors (docs/metrics.md, "Planning precision") are what the
 * documented simulation estimates: 200 days of 200 prompts × 2 engines × 2
 * repetitions of the drift model (drift-model.ts), the brand (Acme, base 0.3)
 * among the four entities of the significance tests.
 */
describe("the planner's priors", () => {
  it("are the estimate from 200 simulated days of 200 prompts, rounded", () => {
    const entityIds = Object.keys(mentionRate);
    const series = simulateSeries(
      {
        prompts: 200,
        engines: ["sim-alpha", "sim-beta"],
        repetitions: 2,
        days: 200,
        drift,
        mentionRate,
      },
      Rng.fromString("plan-priors"),
    );
    const range = { from: "2026-01-01", to: "2026-12-31" };
    const byDay = promptDayCounts(entityIds, series, range);
    const days = answeredDays(byDay);
    const { visibility, shareOfVoice: share } = metricPrecisionInputs(
      byDay,
      days,
      entityIds.indexOf("Acme"),
    );
    const close = (estimated: PrecisionInputs | null, prior: PrecisionInputs) => {
      expect(estimated).not.toBeNull();
      for (const [key, value] of Object.entries(prior)) {
        const seen = (estimated as unknown as Record<string, number>)[key] as number;
        // Rounded to 2-3 significant figures.
        expect(Math.abs(seen - value), key).toBeLessThanOrEqual(0.03 * value + 1e-5);
      }
    };
    close(visibility, PRIOR_INPUTS);
    close(share, PRIOR_SHARE_OF_VOICE_INPUTS);
  });
});
