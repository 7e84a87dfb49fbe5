import { addDays } from "../../src/days.js";
import type { ConfirmationDay } from "../../src/metrics/adaptive-confirmation.js";
import type { ChangeSeries, DailyProportion } from "../../src/metrics/detect-changes.js";
import type { Rng } from "../../src/prng.js";
import { type DriftModel, mentionProbability, normal } from "./drift-model.js";

/**
 * A simulated workspace whose engines keep their state for the day, so that
 * answers asked later of the same day (adaptive sampling's extra answers) are
 * drawn from the same probabilities as the day's run: drift-model.ts's truth
 * (prompt effects and personas per entity, each engine's state per day and
 * entity), one independent draw per entity and answer.
 */
export class SimulatedWorld {
  readonly start = "2026-01-01";
  private readonly offsets: Record<string, number[]> = {};
  private readonly states: Array<Record<string, Record<string, number>>> = [];

  constructor(
    readonly options: {
      prompts: number;
      engines: readonly string[];
      repetitions: number;
      mentionRate: Record<string, number>;
      drift: DriftModel;
      /** From day index `fromDay` on, the entity's rate moves by `points`. */
      shift?: { entityId: string; points: number; fromDay: number };
    },
    private readonly rng: Rng,
  ) {
    const { drift } = options;
    for (const id of Object.keys(options.mentionRate)) {
      this.offsets[id] = Array.from(
        { length: options.prompts },
        (_, q) =>
          drift.promptSd * normal(rng) +
          (drift.personaShifts[q % drift.personaShifts.length] as number),
      );
    }
  }

  date(day: number): string {
    return addDays(this.start, day);
  }

  private probability(entityId: string, engine: string, prompt: number, day: number): number {
    while (this.states.length <= day) {
      const state: Record<string, Record<string, number>> = {};
      for (const id of Object.keys(this.options.mentionRate)) {
        state[id] = Object.fromEntries(
          this.options.engines.map((e) => [e, this.options.drift.daySd * normal(this.rng)]),
        );
      }
      this.states.push(state);
    }
    const shift = this.options.shift;
    const moved = shift?.entityId === entityId && day >= shift.fromDay ? shift.points / 100 : 0;
    const offset =
      (this.offsets[entityId]?.[prompt] as number) +
      (this.states[day]?.[entityId]?.[engine] as number);
    return mentionProbability(this.options.mentionRate[entityId] as number, offset, moved);
  }

  /** The runs of `days` days: every entity's series pooled and on each engine. */
  series(days: number): ChangeSeries[] {
    const { engines, prompts, repetitions } = this.options;
    const out: ChangeSeries[] = [];
    for (const entityId of Object.keys(this.options.mentionRate)) {
      const pooled: DailyProportion[] = [];
      const perEngine = engines.map((): DailyProportion[] => []);
      for (let d = 0; d < days; d++) {
        const date = this.date(d);
        const all: DailyProportion = { date, successes: 0, trials: 0, prompts: [] };
        engines.forEach((engine, k) => {
          const one: DailyProportion = { date, successes: 0, trials: 0, prompts: [] };
          for (let q = 0; q < prompts; q++) {
            const successes = this.draw(entityId, engine, q, d, repetitions);
            one.prompts?.push({ promptId: `prompt-${q}`, successes, trials: repetitions });
            one.successes += successes;
            one.trials += repetitions;
            const cell = all.prompts?.[q];
            if (cell) {
              cell.successes += successes;
              cell.trials += repetitions;
            } else all.prompts?.push({ promptId: `prompt-${q}`, successes, trials: repetitions });
          }
          all.successes += one.successes;
          all.trials += one.trials;
          (perEngine[k] as DailyProportion[]).push(one);
        });
        pooled.push(all);
      }
      out.push({ entityId, engine: null, days: pooled });
      engines.forEach((engine, k) => {
        out.push({ entityId, engine, days: perEngine[k] as DailyProportion[] });
      });
    }
    return out;
  }

  /** Extra answers on day `day`: `repetitions` of each prompt on each engine. */
  extra(
    entityId: string,
    engines: readonly string[],
    promptIds: readonly string[],
    day: number,
    repetitions: number,
  ): ConfirmationDay {
    let successes = 0;
    for (const engine of engines) {
      for (const id of promptIds) {
        successes += this.draw(
          entityId,
          engine,
          Number(id.slice("prompt-".length)),
          day,
          repetitions,
        );
      }
    }
    return {
      date: this.date(day),
      successes,
      trials: engines.length * promptIds.length * repetitions,
    };
  }

  private draw(entityId: string, engine: string, prompt: number, day: number, n: number): number {
    const p = this.probability(entityId, engine, prompt, day);
    let successes = 0;
    for (let r = 0; r < n; r++) if (this.rng.next() < p) successes++;
    return successes;
  }
}
