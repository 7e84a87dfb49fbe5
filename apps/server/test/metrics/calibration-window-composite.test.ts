import { describe, expect, it } from "vitest";
import { addDays } from "../../src/days.js";
import { weightedComposite } from "../../src/metrics/compute-metrics.js";
import {
  type CompositeCell,
  compositeChange,
  windowComposite,
} from "../../src/metrics/window-composite.js";
import { Rng } from "../../src/prng.js";
import {
  drawDayEffects,
  drawPromptEffects,
  drift,
  expectNormal,
  longRunRate,
  mentionProbability,
} from "./drift-model.js";
import { citeRate, mentionRate } from "./significance-fixtures.js";

/**
 * Calibration of the composite over windows of days (metrics/window-composite.ts) on the
 * drifting truth of calibration-drift.test.ts, answer by answer so that the four parts move
 * together as they do in real answers: each entity named by its own draw (prompt effects, the
 * persona mix, each engine's state per day), the named ones ranked in a random order, a
 * citation in 70% of answers and each entity cited in those at its rate. Over 7- and 28-day
 * windows the interval covers the long-run composite 93-97% of the time, and the change between
 * two windows of a stable process is significant at most 5% of the time (A/A, within two Monte
 * Carlo standard errors). The figures are in docs/metrics.md ("Windows of days").
 */
const ids = Object.keys(mentionRate);
const weights = { visibility: 0.4, shareOfVoice: 0.3, position: 0.15, citation: 0.15 };
const WITH_CITATIONS = 0.7;
const PROMPTS = 40;
const ENGINES = ["sim-alpha", "sim-beta"];
const REPETITIONS = 2;
const START = "2026-01-01";

/** The long-run composite of each entity: its four parts' long-run values. */
function longRunComposites(): number[] {
  const logit = (p: number) => Math.log(p / (1 - p));
  const expit = (x: number) => 1 / (1 + Math.exp(-x));
  const visibility = ids.map((id) => longRunRate(drift, mentionRate[id] as number));
  const allVisible = visibility.reduce((s, v) => s + v, 0);
  // Given the persona, two entities are named independently (their own prompt and day effects).
  const sd = Math.hypot(drift.promptSd, drift.daySd);
  const byPersona = drift.personaShifts.map((s) =>
    ids.map((id) => expectNormal((x) => expit(logit(mentionRate[id] as number) + s + x), sd)),
  );
  const together = (i: number, j: number) =>
    byPersona.reduce((sum, rates) => sum + (rates[i] as number) * (rates[j] as number), 0) /
    byPersona.length;
  return ids.map((id, i) => {
    const v = visibility[i] as number;
    // A named entity's rank: 1 plus the other named ones placed before it (half of them).
    let rankSum = v;
    for (let j = 0; j < ids.length; j++) if (j !== i) rankSum += together(i, j) / 2;
    return weightedComposite(v, v / allVisible, (v * v) / rankSum, citeRate[id] as number, weights);
  });
}

/** `days` days of one simulated workspace's cells; `shift` moves an entity's rate from `fromDay`. */
function simulateCells(
  days: number,
  rng: Rng,
  shift?: { entity: number; points: number; fromDay: number },
): CompositeCell[] {
  const prompts = drawPromptEffects(drift, ids, PROMPTS, rng);
  const cells: CompositeCell[] = [];
  const named = new Array<number>(ids.length);
  for (let d = 0; d < days; d++) {
    const day = addDays(START, d);
    const states = drawDayEffects(drift, ids, ENGINES, rng);
    for (let q = 0; q < PROMPTS; q++) {
      const cell: CompositeCell = {
        prompt: `prompt-${q}`,
        day,
        responses: 0,
        mentioned: ids.map(() => 0),
        rankSum: ids.map(() => 0),
        withCitations: 0,
        cited: ids.map(() => 0),
      };
      const mentioned = cell.mentioned as number[];
      const rankSum = cell.rankSum as number[];
      const cited = cell.cited as number[];
      for (const engine of ENGINES) {
        for (let r = 0; r < REPETITIONS; r++) {
          cell.responses++;
          let count = 0;
          ids.forEach((id, i) => {
            const moved =
              shift && shift.entity === i && d >= shift.fromDay ? shift.points / 100 : 0;
            const offset = (prompts.byEntity[id]?.[q] as number) + (states[id]?.[engine] as number);
            if (rng.next() < mentionProbability(mentionRate[id] as number, offset, moved))
              named[count++] = i;
          });
          // The named entities in a random order: rank = position + 1.
          for (let k = count - 1; k > 0; k--) {
            const j = Math.floor(rng.next() * (k + 1));
            [named[k], named[j]] = [named[j] as number, named[k] as number];
          }
          for (let k = 0; k < count; k++) {
            const i = named[k] as number;
            mentioned[i] = (mentioned[i] as number) + 1;
            rankSum[i] = (rankSum[i] as number) + k + 1;
          }
          if (rng.next() < WITH_CITATIONS) {
            cell.withCitations++;
            ids.forEach((id, i) => {
              if (rng.next() < (citeRate[id] as number)) cited[i] = (cited[i] as number) + 1;
            });
          }
        }
      }
      cells.push(cell);
    }
  }
  return cells;
}

describe("calibration of the composite over windows of days", () => {
  const truth = longRunComposites();
  for (const days of [7, 28]) {
    it(`${days} days: coverage of the long-run composite, A/A rate of the change`, () => {
      const windows = days === 7 ? 250 : 125;
      const tally = { covered: 0, flagged: 0, n: 0, risen: 0 };
      const split = addDays(START, days);
      for (let w = 0; w < windows; w++) {
        const cells = simulateCells(2 * days, Rng.fromString(`window-composite/${days}/${w}`));
        const before = cells.filter((c) => c.day < split);
        const now = cells.filter((c) => c.day >= split);
        ids.forEach((_, e) => {
          const estimate = windowComposite(now, e, weights);
          expect(estimate.intervalUnit).toBe("prompt-and-day");
          const target = truth[e] as number;
          if (estimate.ciLow <= target && target <= estimate.ciHigh) tally.covered++;
          if (compositeChange(now, before, e, weights)?.significant) tally.flagged++;
          tally.n++;
        });
        // Power: the first entity's visibility 10 points up from the current window on.
        const shifted = simulateCells(
          2 * days,
          Rng.fromString(`window-composite/${days}/${w}/up`),
          {
            entity: 0,
            points: 10,
            fromDay: days,
          },
        );
        const change = compositeChange(
          shifted.filter((c) => c.day >= split),
          shifted.filter((c) => c.day < split),
          0,
          weights,
        );
        if (change?.significant && change.delta > 0) tally.risen++;
      }
      const pct = (k: number, n = tally.n) => `${((100 * k) / n).toFixed(1)}% of ${n}`;
      console.log(
        `${days}-day composite: covered ${pct(tally.covered)}, A/A change flagged ${pct(tally.flagged)}, +10 pt visibility flagged ${pct(tally.risen, windows)}`,
      );
      expect(tally.covered / tally.n).toBeGreaterThanOrEqual(0.93);
      expect(tally.covered / tally.n).toBeLessThanOrEqual(0.97);
      const se = Math.sqrt((0.05 * 0.95) / tally.n);
      expect(tally.flagged / tally.n).toBeLessThanOrEqual(0.05 + 2 * se);
      expect(tally.risen / windows).toBeGreaterThanOrEqual(0.8);
    }, 120_000);
  }
});
