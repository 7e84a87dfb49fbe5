import { describe, expect, it } from "vitest";
import { addDays } from "../../src/days.js";
import type { ChangeSeries, DailyProportion } from "../../src/metrics/detect-changes.js";
import { windowView } from "../../src/metrics/window-view.js";
import { Rng } from "../../src/prng.js";
import {
  drawDayEffects,
  drawPromptEffects,
  drift,
  longRunRate,
  mentionProbability,
} from "./drift-model.js";
import { citeRate, weights } from "./significance-fixtures.js";

/**
 * Calibration of the window view's citation share (answers citing an entity
 * of the answers with a citation) on the drifting truth of
 * calibration-drift.test.ts: whether an answer cites anything (base 0.7) and,
 * if it does, whether it cites each entity (citeRate) each move with their own
 * prompt effects and each engine's state per day, the entities' with the
 * personas too. The two are independent (the personas' shifts are the
 * entities' alone), so the ratio's target, E[q p] / E[q] over prompts and
 * days, is the entity's long-run rate E[p]. Over 7- and 28-day windows its two-way
 * interval covers it 93-97% of the time and the change between two stable
 * windows is significant at most 5% of the time (docs/metrics.md, "Windows of
 * days").
 */
const PROMPTS = 40;
const ENGINES = ["sim-alpha", "sim-beta"];
const REPETITIONS = 2;
const ANY = "any";
const ids = Object.keys(citeRate);
const START = "2026-01-01";

/** The answers (in `mentioned`, with no mention counted) and the cited series of `days` days. */
function citedSeries(days: number, rng: Rng): { mentioned: ChangeSeries[]; cited: ChangeSeries[] } {
  // "Cites anything" without the personas' shifts, which the entities share: independent of
  // citing an entity, so the ratio's target is the entities' long-run rate.
  const anyEffects = drawPromptEffects({ ...drift, personaShifts: [0] }, [ANY], PROMPTS, rng);
  const prompts = drawPromptEffects(drift, ids, PROMPTS, rng);
  const answers: DailyProportion[] = [];
  const cited = ids.map((): DailyProportion[] => []);
  for (let d = 0; d < days; d++) {
    const date = addDays(START, d);
    const states = drawDayEffects(drift, [ANY, ...ids], ENGINES, rng);
    const day: DailyProportion = { date, successes: 0, trials: 0, prompts: [] };
    const perEntity = ids.map(
      (): DailyProportion => ({ date, successes: 0, trials: 0, prompts: [] }),
    );
    for (let q = 0; q < PROMPTS; q++) {
      let withCitations = 0;
      const citing = ids.map(() => 0);
      for (const engine of ENGINES) {
        const any = mentionProbability(
          0.7,
          (anyEffects.byEntity[ANY]?.[q] as number) + (states[ANY]?.[engine] as number),
        );
        for (let r = 0; r < REPETITIONS; r++) {
          if (!rng.chance(any)) continue;
          withCitations++;
          ids.forEach((id, e) => {
            const p = mentionProbability(
              citeRate[id] as number,
              (prompts.byEntity[id]?.[q] as number) + (states[id]?.[engine] as number),
            );
            if (rng.chance(p)) citing[e] = (citing[e] as number) + 1;
          });
        }
      }
      const promptId = `prompt-${q}`;
      const trials = ENGINES.length * REPETITIONS;
      day.prompts?.push({ promptId, successes: 0, trials });
      day.trials += trials;
      ids.forEach((_, e) => {
        const one = perEntity[e] as DailyProportion;
        one.prompts?.push({ promptId, successes: citing[e] as number, trials: withCitations });
        one.successes += citing[e] as number;
        one.trials += withCitations;
      });
    }
    answers.push(day);
    for (const [e, one] of perEntity.entries()) (cited[e] as DailyProportion[]).push(one);
  }
  return {
    mentioned: ids.map((entityId) => ({ entityId, engine: null, days: answers })),
    cited: ids.map((entityId, e) => ({
      entityId,
      engine: null,
      days: cited[e] as DailyProportion[],
    })),
  };
}

describe("calibration of the window view's citation share", () => {
  for (const days of [7, 28]) {
    it(`${days} days: coverage of the long-run citation share, A/A rate of the change`, () => {
      const windows = 250;
      const truth = Object.fromEntries(
        ids.map((id) => [id, longRunRate(drift, citeRate[id] as number)]),
      );
      let covered = 0;
      let flagged = 0;
      let n = 0;
      const ranges = {
        previous: { from: START, to: addDays(START, days - 1) },
        current: { from: addDays(START, days), to: addDays(START, 2 * days - 1) },
      };
      for (let w = 0; w < windows; w++) {
        const series = citedSeries(2 * days, Rng.fromString(`window-citations/${days}/${w}`));
        const view = windowView({ weights, entityIds: ids, series, ...ranges });
        for (const e of view.entities) {
          const share = e.citationShare.current;
          expect(share.intervalUnit).toBe("prompt-and-day");
          const target = truth[e.entityId] as number;
          if (share.ciLow <= target && target <= share.ciHigh) covered++;
          if (e.citationShare.change?.significant) flagged++;
          n++;
        }
      }
      console.log(
        `${days}-day window, citation share: covered ${((100 * covered) / n).toFixed(1)}% of ${n}, A/A change flagged ${((100 * flagged) / n).toFixed(1)}%`,
      );
      expect(covered / n).toBeGreaterThanOrEqual(0.93);
      expect(covered / n).toBeLessThanOrEqual(0.97);
      expect(flagged / n).toBeLessThanOrEqual(0.05 + 2 * Math.sqrt((0.05 * 0.95) / n));
    }, 60_000);
  }
});
