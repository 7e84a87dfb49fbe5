/**
 * Adaptive sampling (docs/metrics.md, "Adaptive sampling"), the longer run of
 * apps/server/test/metrics/adaptive-sampling.test.ts: 40 prompts × 2 engines ×
 * 2 repetitions a day, the four entities of the significance tests, prompt
 * effects, personas and each engine's state per day (logit sd 0, 0.25, 0.5);
 * change detection over the days, a confirmation with extra answers after each
 * borderline test, its verdict looked at every day.
 *
 * Prints, per day-effect size:
 * - A/A on stable 90-day sets: the share of series flagged by the detector,
 *   and by the detector or a confirmation; confirmations started and the share
 *   that confirmed; extra answers per set (against 14,400 standard ones);
 * - power: a sustained rise of the brand's visibility on day 70 of 84, found
 *   rising within 14 days by the detector alone and with confirmations.
 *
 *   pnpm --filter @geopulse/bench exec tsx adaptive-sampling.ts [SETS=1000] [POWER_SETS=500]
 */

import { Rng } from "../apps/server/src/prng.js";
import {
  aaRates,
  adaptiveBase,
  CHANGE_DAY,
  powerWithin,
} from "../apps/server/test/metrics/adaptive-simulation.js";
import { SimulatedWorld } from "../apps/server/test/metrics/adaptive-world.js";
import { drift } from "../apps/server/test/metrics/drift-model.js";
import { mentionRate } from "../apps/server/test/metrics/significance-fixtures.js";

const sets = Number(process.argv[2] ?? 1000);
const powerSets = Number(process.argv[3] ?? 500);
const pct = (k: number, n: number) => `${((100 * k) / n).toFixed(1)}%`;

for (const daySd of [0, 0.25, 0.5]) {
  const world = (seed: string, shift?: number) => (i: number) =>
    new SimulatedWorld(
      {
        ...adaptiveBase,
        mentionRate,
        drift: { ...drift, daySd },
        ...(shift ? { shift: { entityId: "Acme", points: shift, fromDay: CHANGE_DAY } } : {}),
      },
      Rng.fromString(`bench-adaptive/${daySd}/${seed}/${i}`),
    );
  const aa = aaRates(world("aa"), sets);
  console.log(
    `σ_day ${daySd}: A/A over ${sets} sets (${aa.series} series): series flagged by the detector ${pct(aa.detector, aa.series)}, with confirmations ${pct(aa.either, aa.series)}; sets ${pct(aa.setsDetector, sets)} and ${pct(aa.setsEither, sets)}; confirmations started ${aa.started}, confirmed ${aa.confirmations} (${pct(aa.confirmations, Math.max(1, aa.started))}); ${(aa.extraAnswers / sets).toFixed(0)} extra answers a set`,
  );
  for (const points of [5, 10, 15]) {
    const power = powerWithin(world(`power-${points}`, points), powerSets);
    console.log(
      `σ_day ${daySd}: +${points} points within 14 days (${powerSets} sets): detector ${pct(power.detector, powerSets)}, with confirmations ${pct(power.either, powerSets)}; ${(power.extraAnswers / powerSets).toFixed(0)} extra answers a set`,
    );
  }
}
