import { describe, expect, it } from "vitest";
import { addDays } from "../../src/days.js";
import { windowView } from "../../src/metrics/window-view.js";
import { Rng } from "../../src/prng.js";
import { drift, longRunRate } from "./drift-model.js";
import { mentionRate, weights } from "./significance-fixtures.js";
import { simulateSeries } from "./simulated-series.js";

/**
 * Calibration of `GET .../metrics/window` (metrics/window-view.ts) on the
 * drifting truth of calibration-drift.test.ts (prompt effects, four personas,
 * each engine's state per day): over 7- and 28-day windows, the two-way
 * intervals of visibility and share of voice cover the long-run rates 93-97%
 * of the time, and the change between two windows of a stable series is
 * significant at most 5% of the time (A/A, within two Monte Carlo standard
 * errors: the test's level is 5%). The figures are in docs/metrics.md
 * ("Windows of days").
 */
const base = { prompts: 40, engines: ["sim-alpha", "sim-beta"], repetitions: 2, mentionRate };
const ids = Object.keys(mentionRate);
const longRun = Object.fromEntries(
  ids.map((id) => [id, longRunRate(drift, mentionRate[id] as number)]),
);
const allMentions = ids.reduce((sum, id) => sum + (longRun[id] as number), 0);
const START = "2026-01-01";

describe("calibration of the 7- and 28-day window views", () => {
  for (const days of [7, 28]) {
    it(`${days} days: coverage of visibility and share of voice, A/A rate of the change`, () => {
      const windows = days === 7 ? 250 : 125;
      const tally = { visibility: 0, shareOfVoice: 0, flagged: 0, n: 0, risen: 0 };
      const ranges = {
        previous: { from: START, to: addDays(START, days - 1) },
        current: { from: addDays(START, days), to: addDays(START, 2 * days - 1) },
      };
      for (let w = 0; w < windows; w++) {
        const series = simulateSeries(
          { ...base, days: 2 * days, drift, start: START },
          Rng.fromString(`window-view/${days}/${w}`),
        );
        const view = windowView({ weights, entityIds: ids, series, ...ranges });
        for (const e of view.entities) {
          const visibility = longRun[e.entityId] as number;
          const v = e.visibility.current;
          const s = e.shareOfVoice.current;
          expect(v.intervalUnit).toBe("prompt-and-day");
          if (v.ciLow <= visibility && visibility <= v.ciHigh) tally.visibility++;
          const share = visibility / allMentions;
          if (s.ciLow <= share && share <= s.ciHigh) tally.shareOfVoice++;
          if (e.visibility.change?.significant) tally.flagged++;
          tally.n++;
        }
        // Power: the first entity's rate 10 points up from the current window on.
        const shifted = simulateSeries(
          {
            ...base,
            days: 2 * days,
            drift,
            start: START,
            shift: { entityId: ids[0] as string, points: 10, fromDay: days },
          },
          Rng.fromString(`window-view/${days}/${w}/shifted`),
        );
        const risen = windowView({ weights, entityIds: ids, series: shifted, ...ranges })
          .entities[0];
        if (risen?.visibility.change?.significant && risen.visibility.change.delta > 0)
          tally.risen++;
      }
      const pct = (k: number) => `${((100 * k) / tally.n).toFixed(1)}% of ${tally.n}`;
      console.log(
        `${days}-day window view: visibility covered ${pct(tally.visibility)}, share of voice ${pct(tally.shareOfVoice)}, A/A change flagged ${pct(tally.flagged)}, +10 pt flagged ${((100 * tally.risen) / windows).toFixed(1)}% of ${windows}`,
      );
      for (const covered of [tally.visibility, tally.shareOfVoice]) {
        expect(covered / tally.n).toBeGreaterThanOrEqual(0.93);
        expect(covered / tally.n).toBeLessThanOrEqual(0.97);
      }
      // A 95% test on stable data: at most its level, within two Monte Carlo standard errors.
      const se = Math.sqrt((0.05 * 0.95) / tally.n);
      expect(tally.flagged / tally.n).toBeLessThanOrEqual(0.05 + 2 * se);
      expect(tally.risen / windows).toBeGreaterThanOrEqual(0.8);
    }, 60_000);
  }
});
