/**
 * Power curve of the significance machinery (docs/metrics.md, "Significance of
 * deltas" and "Change detection"): a true change of 5, 10 and 20 points in one
 * entity's visibility (Acme, 0.30 before) on 40 prompts × 2 engines × 2
 * repetitions a day, 1,000 seeded repetitions each, on the pure functions:
 *
 * - delta: the `significant` flag of the delta between two single days
 *   (paired cluster bootstrap, 1,000 resamples);
 * - weekly detector: detectChanges' default (the 7 days ending on a day vs the
 *   28 days before), flagged within the 7 days after the change starts;
 * - daily detector: recentDays 1, flagged on the first day of the change.
 *
 * Both detectors run on 12 series a day (4 entities × pooled and each of 2
 * engines) over 35 days, Benjamini-Hochberg over each day's tests at
 * DEFAULT_CHANGE_FDR (0.05%), as the API does.
 *
 *   pnpm --filter @geopulse/bench exec tsx significance-power.ts
 */

import { bootstrapDeltas } from "../apps/server/src/metrics/bootstrap-deltas.js";
import { detectChanges } from "../apps/server/src/metrics/detect-changes.js";
import { Rng } from "../apps/server/src/prng.js";
import {
  day,
  entities,
  mentionRate,
  weights,
} from "../apps/server/test/metrics/significance-fixtures.js";
import { simulateDay } from "../apps/server/test/metrics/simulated-cells.js";
import { simulateSeries } from "../apps/server/test/metrics/simulated-series.js";

const RUNS = Number(process.env.RUNS ?? 1000);
const series = { prompts: 40, engines: ["sim-alpha", "sim-beta"], repetitions: 2, mentionRate };

function deltaPower(points: number): number {
  let flagged = 0;
  for (let run = 0; run < RUNS; run++) {
    const rng = Rng.fromString(`power/${points}/${run}`);
    const before = simulateDay(day, rng.derive("before"));
    const after = simulateDay({ ...day, shift: { entityId: "Acme", points } }, rng.derive("after"));
    const result = bootstrapDeltas({ before, after, entities, weights, seed: `p/${run}` });
    const acme = result?.entities.find((e) => e.entityId === "Acme")?.visibility;
    if (acme?.significant && acme.delta > 0) flagged++;
  }
  return flagged / RUNS;
}

function detectorPower(points: number, recentDays: number): number {
  let flagged = 0;
  for (let run = 0; run < RUNS; run++) {
    const data = simulateSeries(
      {
        ...series,
        days: recentDays === 1 ? 29 : 35,
        shift: { entityId: "Acme", points, fromDay: 28 },
      },
      Rng.fromString(`detector/${points}/${run}`),
    );
    const { changes } = detectChanges({ series: data, recentDays });
    const hit = changes.some(
      (c) =>
        c.entityId === "Acme" &&
        c.engine === null &&
        c.date >= "2026-01-29" &&
        c.direction === "up",
    );
    if (hit) flagged++;
  }
  return flagged / RUNS;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
console.log(`power, ${RUNS} repetitions each; Acme visibility 0.30 → 0.30 + change`);
console.log("change   two-day delta   weekly detector (≤7 days)   daily detector (day 1)");
for (const points of [5, 10, 20]) {
  const started = performance.now();
  const line = [
    `+${points} pt`.padEnd(8),
    pct(deltaPower(points)).padEnd(15),
    pct(detectorPower(points, 7)).padEnd(27),
    pct(detectorPower(points, 1)),
  ].join(" ");
  console.log(`${line}   (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
