import {
  BORDERLINE_P_VALUE,
  CONFIRMATION_MAX_DAYS,
  CONFIRMATION_REPETITIONS,
  type ConfirmationDay,
  confirmationVerdict,
  followedCounts,
  planConfirmation,
} from "../../src/metrics/adaptive-confirmation.js";
import { type ChangeSeries, detectChanges } from "../../src/metrics/detect-changes.js";
import type { SimulatedWorld } from "./adaptive-world.js";

/** A flag or a confirmation: its day and direction. */
export interface Finding {
  date: string;
  direction: "up" | "down";
}

export interface AdaptiveOutcome {
  /** The detector's flags: series key → its flagged days. */
  flagged: Map<string, Finding[]>;
  /** Confirmed changes: series key → the day each was confirmed. */
  confirmed: Map<string, Finding[]>;
  started: number;
  extraAnswers: number;
}

export const seriesKey = (s: { entityId: string; engine: string | null }) =>
  `${s.entityId}/${s.engine ?? "all"}`;

/**
 * `days` days of the world's runs through change detection and adaptive
 * sampling as the service runs them: each borderline test of a series with no
 * confirmation under way starts one (planConfirmation); each run day after it
 * asks CONFIRMATION_REPETITIONS extra answers of the followed prompts on the
 * series' engines, kept apart from the series (the metrics never count them),
 * and the verdict is taken on every day until it confirms or expires.
 */
export function runAdaptive(world: SimulatedWorld, days: number): AdaptiveOutcome {
  const series = world.series(days);
  const byKey = new Map(series.map((s) => [seriesKey(s), s]));
  const result = detectChanges({ series, borderlineP: BORDERLINE_P_VALUE });
  const flagged = new Map<string, Finding[]>();
  const add = (map: Map<string, Finding[]>, key: string, finding: Finding) =>
    map.set(key, [...(map.get(key) ?? []), finding]);
  for (const c of result.changes) add(flagged, seriesKey(c), c);
  const confirmed = new Map<string, Finding[]>();
  const busyUntil = new Map<string, string>();
  let started = 0;
  let extraAnswers = 0;
  const borderline = [...result.borderline].sort((a, b) => (a.date < b.date ? -1 : 1));
  for (const b of borderline) {
    const key = seriesKey(b);
    if ((busyUntil.get(key) ?? "") >= b.date) continue;
    const s = byKey.get(key) as ChangeSeries;
    const plan = planConfirmation(b, s);
    if (!plan) continue;
    started++;
    const engines = s.engine === null ? world.options.engines : [s.engine];
    const followed = new Set(plan.promptIds);
    const first = s.days.findIndex((d) => d.date === b.date) + 1;
    const fresh: ConfirmationDay[] = [];
    let end = b.date;
    for (let d = first; d < Math.min(days, first + CONFIRMATION_MAX_DAYS); d++) {
      const day = s.days[d] as ChangeSeries["days"][number];
      const standard = followedCounts(day, followed) ?? { successes: 0, trials: 0 };
      const extra = world.extra(s.entityId, engines, plan.promptIds, d, CONFIRMATION_REPETITIONS);
      extraAnswers += extra.trials;
      fresh.push({
        date: day.date,
        successes: standard.successes + extra.successes,
        trials: standard.trials + extra.trials,
      });
      end = day.date;
      if (confirmationVerdict(plan, fresh).status === "confirmed") {
        add(confirmed, key, { date: day.date, direction: plan.direction });
        break;
      }
    }
    busyUntil.set(key, end);
  }
  return { flagged, confirmed, started, extraAnswers };
}

const base = {
  prompts: 40,
  engines: ["sim-alpha", "sim-beta"],
  repetitions: 2,
};

/**
 * Stable 90-day sets (12 series each: 4 entities pooled and on each of 2
 * engines): the series the detector flags on any day, and with adaptive
 * sampling's confirmations too; the same per set (any of its series).
 */
export function aaRates(
  world: (i: number) => SimulatedWorld,
  sets: number,
): {
  series: number;
  detector: number;
  either: number;
  setsDetector: number;
  setsEither: number;
  started: number;
  /** Series with a confirmation, and confirmations (a series may confirm twice). */
  confirmed: number;
  confirmations: number;
  extraAnswers: number;
} {
  const tally = {
    series: 0,
    detector: 0,
    either: 0,
    setsDetector: 0,
    setsEither: 0,
    started: 0,
    confirmed: 0,
    confirmations: 0,
    extraAnswers: 0,
  };
  for (let i = 0; i < sets; i++) {
    const w = world(i);
    const out = runAdaptive(w, 90);
    tally.started += out.started;
    tally.extraAnswers += out.extraAnswers;
    if (out.flagged.size > 0) tally.setsDetector++;
    if (out.flagged.size > 0 || out.confirmed.size > 0) tally.setsEither++;
    for (const entityId of Object.keys(w.options.mentionRate)) {
      for (const engine of [null, ...w.options.engines]) {
        const key = seriesKey({ entityId, engine });
        const flagged = out.flagged.has(key);
        const confirmed = out.confirmed.has(key);
        tally.confirmations += out.confirmed.get(key)?.length ?? 0;
        tally.series++;
        if (flagged) tally.detector++;
        if (confirmed) tally.confirmed++;
        if (flagged || confirmed) tally.either++;
      }
    }
  }
  return tally;
}

/**
 * A sustained rise of the brand's (Acme's) visibility on day 70 of 84: the
 * share of sets whose pooled series is flagged rising by the detector within
 * the 14 days from the change, and by the detector or a confirmation.
 */
export function powerWithin(
  world: (i: number) => SimulatedWorld,
  sets: number,
): { detector: number; either: number; extraAnswers: number } {
  const tally = { detector: 0, either: 0, extraAnswers: 0 };
  for (let i = 0; i < sets; i++) {
    const w = world(i);
    const out = runAdaptive(w, 84);
    tally.extraAnswers += out.extraAnswers;
    const within = (findings?: Finding[]) =>
      (findings ?? []).some(
        (f) => f.direction === "up" && f.date >= w.date(CHANGE_DAY) && f.date <= w.date(83),
      );
    const flagged = within(out.flagged.get("Acme/all"));
    if (flagged) tally.detector++;
    if (flagged || within(out.confirmed.get("Acme/all"))) tally.either++;
  }
  return tally;
}

/** The day index of the change in `powerWithin`'s worlds. */
export const CHANGE_DAY = 70;

export const adaptiveBase = base;
