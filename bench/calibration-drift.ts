/**
 * Calibration when the engines drift from day to day (docs/metrics.md,
 * "Calibration with drift"), the longer run of
 * apps/server/test/metrics/calibration-drift.test.ts: truth with prompt effects
 * (logit sd 0.6), four fixed personas (logit −0.4 to +0.4) and each engine's
 * state per day (logit sd DAY_SD, default 0, 0.25 and 0.5), 40 prompts × 2
 * engines × 2 repetitions a day, the four entities of the significance tests,
 * every series pooled and per engine (12 a day).
 *
 * Prints, per day-effect size:
 * - the coverage of a window's 95% interval for the long-run rate, over 1, 7
 *   and 28 days: two-way (prompt and day, the product's) beside prompt-only
 *   (the window's days merged, as if the day did not matter);
 * - the change test at the 5% level on stable 35-day series (A/A), and the
 *   detector's false alarms on stable 90-day series (share of days and of
 *   series with any flag) and its power for +10 points within a week.
 *
 *   pnpm --filter @geopulse/bench exec tsx calibration-drift.ts [WINDOWS=1000] [SETS=1000]
 */

import { bootstrapDeltas } from "../apps/server/src/metrics/bootstrap-deltas.js";
import { detectChanges, windowEstimate } from "../apps/server/src/metrics/detect-changes.js";
import { type DailyProportion, WindowSums } from "../apps/server/src/metrics/window-sums.js";
import { Rng } from "../apps/server/src/prng.js";
import {
  type DriftModel,
  drawDayEffects,
  drawPromptEffects,
  drift,
  longRunRate,
} from "../apps/server/test/metrics/drift-model.js";
import {
  citeRate,
  entities,
  mentionRate,
  weights,
} from "../apps/server/test/metrics/significance-fixtures.js";
import { simulateDay } from "../apps/server/test/metrics/simulated-cells.js";
import { simulateSeries } from "../apps/server/test/metrics/simulated-series.js";

const WINDOWS = Number(process.env.WINDOWS ?? 1000);
const SETS = Number(process.env.SETS ?? 1000);
const DAY_SDS = (process.env.DAY_SD ?? "0,0.25,0.5").split(",").map(Number);
const base = { prompts: 40, engines: ["sim-alpha", "sim-beta"], repetitions: 2, mentionRate };
const pct = (hits: number, n: number, digits = 1) => `${((100 * hits) / n).toFixed(digits)}%`;

/** The window's days merged into one: its prompt-only interval. */
function merged(days: DailyProportion[]): DailyProportion {
  const prompts = new Map<string, { successes: number; trials: number }>();
  for (const d of days) {
    for (const p of d.prompts ?? []) {
      const m = prompts.get(p.promptId) ?? { successes: 0, trials: 0 };
      m.successes += p.successes;
      m.trials += p.trials;
      prompts.set(p.promptId, m);
    }
  }
  return {
    date: days[0]?.date ?? "2026-01-01",
    successes: days.reduce((a, d) => a + d.successes, 0),
    trials: days.reduce((a, d) => a + d.trials, 0),
    prompts: [...prompts].map(([promptId, c]) => ({ promptId, ...c })),
  };
}

function windows(model: DriftModel, days: number) {
  const truth = Object.fromEntries(
    Object.entries(mentionRate).map(([id, p]) => [id, longRunRate(model, p)]),
  );
  let twoWay = 0;
  let promptOnly = 0;
  let n = 0;
  for (let w = 0; w < WINDOWS; w++) {
    const series = simulateSeries(
      { ...base, days, drift: model },
      Rng.fromString(`bench-window/${days}/${w}`),
    );
    for (const s of series) {
      const t = truth[s.entityId] as number;
      const a = windowEstimate(new WindowSums(s.days), [0, days]);
      const b = windowEstimate(new WindowSums([merged(s.days)]), [0, 1]);
      if (a.ciLow <= t && t <= a.ciHigh) twoWay++;
      if (b.ciLow <= t && t <= b.ciHigh) promptOnly++;
      n++;
    }
  }
  return { twoWay: pct(twoWay, n), promptOnly: pct(promptOnly, n), n };
}

function changes(model: DriftModel) {
  let rejected = 0;
  let tests = 0;
  for (let f = 0; f < SETS; f++) {
    const series = simulateSeries(
      { ...base, days: 35, drift: model },
      Rng.fromString(`bench-aa/${f}`),
    );
    for (const s of series) {
      if (new WindowSums(s.days).test([28, 35], [0, 28]).pValue < 0.05) rejected++;
      tests++;
    }
  }
  let days = 0;
  let daysFlagged = 0;
  let withFlags = 0;
  for (let f = 0; f < SETS; f++) {
    const series = simulateSeries(
      { ...base, days: 90, drift: model },
      Rng.fromString(`bench-stable/${f}`),
    );
    const result = detectChanges({ series });
    days += result.tests / series.length;
    daysFlagged += new Set(result.changes.map((c) => c.date)).size;
    if (result.changes.length > 0) withFlags++;
  }
  let flagged = 0;
  for (let run = 0; run < SETS; run++) {
    const series = simulateSeries(
      { ...base, days: 35, drift: model, shift: { entityId: "Acme", points: 10, fromDay: 28 } },
      Rng.fromString(`bench-step/${run}`),
    );
    const hit = detectChanges({ series }).changes.some(
      (c) => c.entityId === "Acme" && c.engine === null && c.date >= "2026-01-29",
    );
    if (hit) flagged++;
  }
  return {
    aa: pct(rejected, tests),
    stableDays: pct(daysFlagged, days, 3),
    stableSeries: pct(withFlags, SETS),
    power: pct(flagged, SETS),
  };
}

function twoDayDeltas(model: DriftModel) {
  const ids = Object.keys(mentionRate);
  let flagged = 0;
  let n = 0;
  for (let run = 0; run < SETS; run++) {
    const rng = Rng.fromString(`bench-delta/${run}`);
    const prompts = drawPromptEffects(model, ids, base.prompts, rng);
    const day = () => ({
      ...base,
      citeRate,
      drift: { prompts, day: drawDayEffects(model, ids, base.engines, rng) },
    });
    const before = simulateDay(day(), rng);
    const after = simulateDay(day(), rng);
    const result = bootstrapDeltas({
      before,
      after,
      entities,
      weights,
      seed: `bench-delta/${run}`,
    });
    for (const e of result?.entities ?? []) {
      if (e.visibility.significant) flagged++;
      n++;
    }
  }
  return pct(flagged, n);
}

const started = performance.now();
for (const daySd of DAY_SDS) {
  const model = { ...drift, daySd };
  const rows = [1, 7, 28].map((d) => ({ days: d, ...windows(model, d) }));
  const c = changes(model);
  const deltas = twoDayDeltas(model);
  console.log(
    `\nday effect sd ${daySd} (logit), prompt sd ${model.promptSd}, personas ${model.personaShifts.join("/")}`,
  );
  for (const r of rows) {
    console.log(
      `  ${String(r.days).padStart(2)}-day windows, long-run rate: two-way ${r.twoWay}, prompt-only ${r.promptOnly} (${r.n} intervals)`,
    );
  }
  console.log(
    `  change test A/A at 5%: ${c.aa}; detector on stable 90-day series: ${c.stableDays} of days, ${c.stableSeries} of series; +10 pt within a week: ${c.power}`,
  );
  console.log(
    `  two-day visibility deltas called significant between days of a stable workspace: ${deltas}`,
  );
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s`);
