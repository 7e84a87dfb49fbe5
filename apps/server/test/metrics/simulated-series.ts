import { addDays } from "../../src/days.js";
import type { ChangeSeries, DailyProportion } from "../../src/metrics/detect-changes.js";
import type { Rng } from "../../src/prng.js";
import { type DriftModel, mentionProbability, normal } from "./drift-model.js";

/**
 * Daily visibility series drawn from known true mention rates (the simulated
 * engine's model: one independent Bernoulli draw per entity and answer), with
 * per-prompt counts: every entity pooled over the engines, and on each engine.
 */
export interface SimulatedSeries {
  days: number;
  prompts: number;
  engines: readonly string[];
  repetitions: number;
  mentionRate: Record<string, number>;
  /** From day index `fromDay` (0-based) on, the entity's true rate moves by `points`. */
  shift?: { entityId: string; points: number; fromDay: number };
  start?: string;
  /**
   * Prompt, persona and day effects around the rates (drift-model.ts): the
   * rates are then each entity's base on the logit scale, not its mean.
   */
  drift?: DriftModel;
}

export function simulateSeries(options: SimulatedSeries, rng: Rng): ChangeSeries[] {
  const start = options.start ?? "2026-01-01";
  const out: ChangeSeries[] = [];
  const model = options.drift;
  for (const [entityId, base] of Object.entries(options.mentionRate)) {
    const pooled: DailyProportion[] = [];
    const perEngine = options.engines.map((): DailyProportion[] => []);
    const promptOffsets = Array.from({ length: model ? options.prompts : 0 }, (_, q) =>
      model
        ? model.promptSd * normal(rng) +
          (model.personaShifts[q % model.personaShifts.length] as number)
        : 0,
    );
    for (let d = 0; d < options.days; d++) {
      const shifted = options.shift?.entityId === entityId && d >= options.shift.fromDay;
      const shift = shifted ? (options.shift?.points ?? 0) / 100 : 0;
      const date = addDays(start, d);
      const all: DailyProportion = { date, successes: 0, trials: 0, prompts: [] };
      options.engines.forEach((_, k) => {
        const one: DailyProportion = { date, successes: 0, trials: 0, prompts: [] };
        const dayOffset = model ? model.daySd * normal(rng) : 0;
        for (let q = 0; q < options.prompts; q++) {
          const p = model
            ? mentionProbability(base, (promptOffsets[q] as number) + dayOffset, shift)
            : base + shift;
          let successes = 0;
          for (let r = 0; r < options.repetitions; r++) if (rng.next() < p) successes++;
          const promptId = `prompt-${q}`;
          one.prompts?.push({ promptId, successes, trials: options.repetitions });
          one.successes += successes;
          one.trials += options.repetitions;
          const cell = all.prompts?.[q];
          if (cell) {
            cell.successes += successes;
            cell.trials += options.repetitions;
          } else all.prompts?.push({ promptId, successes, trials: options.repetitions });
        }
        all.successes += one.successes;
        all.trials += one.trials;
        (perEngine[k] as DailyProportion[]).push(one);
      });
      pooled.push(all);
    }
    out.push({ entityId, engine: null, days: pooled });
    options.engines.forEach((engine, k) => {
      out.push({ entityId, engine, days: perEngine[k] as DailyProportion[] });
    });
  }
  return out;
}
