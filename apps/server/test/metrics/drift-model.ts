import type { Rng } from "../../src/prng.js";

/**
 * Truth with the variation real engines show (docs/metrics.md, "Calibration
 * with drift"), on the logit scale of an entity's mention rate:
 * logit p = logit(base) + a_p + s_persona(p) + b_{day, engine}, where
 * - a_p ~ N(0, promptSd²): a prompt's own difficulty for the entity;
 * - s: a fixed shift per persona / region, prompts assigned round-robin (the
 *   workspace chooses its personas: a fixed mix, not a sample);
 * - b ~ N(0, daySd²): the engine's state that day (index, model, retrieval),
 *   drawn per day, engine and entity.
 * The long-run rate, the target of a window's interval, averages over all
 * three; a day's rate given its engine states averages over prompts alone.
 */
export interface DriftModel {
  promptSd: number;
  daySd: number;
  personaShifts: readonly number[];
}

export const drift: DriftModel = {
  promptSd: 0.6,
  daySd: 0.25,
  personaShifts: [-0.4, -0.1, 0.1, 0.4],
};

const logit = (p: number) => Math.log(p / (1 - p));
const expit = (x: number) => 1 / (1 + Math.exp(-x));

/** A standard normal draw (Box-Muller) from the seeded generator. */
export function normal(rng: Rng): number {
  let u = 0;
  while (u === 0) u = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** The effects of one simulated workspace: per entity, each prompt's a_p + s. */
export interface PromptEffects {
  model: DriftModel;
  /** Entity → logit offset per prompt index. */
  byEntity: Record<string, Float64Array>;
}

export function drawPromptEffects(
  model: DriftModel,
  entities: readonly string[],
  prompts: number,
  rng: Rng,
): PromptEffects {
  const byEntity: Record<string, Float64Array> = {};
  for (const id of entities) {
    const offsets = new Float64Array(prompts);
    for (let p = 0; p < prompts; p++) {
      offsets[p] =
        model.promptSd * normal(rng) +
        (model.personaShifts[p % model.personaShifts.length] as number);
    }
    byEntity[id] = offsets;
  }
  return { model, byEntity };
}

/** One day's engine states: entity → engine → b. */
export function drawDayEffects(
  model: DriftModel,
  entities: readonly string[],
  engines: readonly string[],
  rng: Rng,
): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const id of entities) {
    out[id] = Object.fromEntries(engines.map((e) => [e, model.daySd * normal(rng)]));
  }
  return out;
}

/** An answer's mention probability: base on the logit scale plus the effects, plus `shift` (points / 100). */
export function mentionProbability(base: number, offset: number, shift = 0): number {
  return Math.min(1, expit(logit(base) + offset) + shift);
}

// ∫ f(x) φ(x) dx by Simpson's rule over ±8 sd: exact to ~1e-9 for these smooth integrands.
export function expectNormal(f: (x: number) => number, sd: number): number {
  if (sd === 0) return f(0);
  const steps = 200;
  const h = (16 * sd) / steps;
  let sum = 0;
  for (let i = 0; i <= steps; i++) {
    const x = -8 * sd + i * h;
    const w = i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2;
    sum += w * f(x) * Math.exp((-0.5 * x * x) / (sd * sd));
  }
  return (sum * h) / 3 / (sd * Math.sqrt(2 * Math.PI));
}

/**
 * The mean rate over the prompt population (prompt effects and the persona
 * mix) at a given day offset `b` on the logit scale.
 */
export function promptMeanRate(model: DriftModel, base: number, b: number): number {
  const shifts = model.personaShifts;
  let total = 0;
  for (const s of shifts) {
    total += expectNormal((a) => expit(logit(base) + s + a + b), model.promptSd);
  }
  return total / shifts.length;
}

/** The long-run rate: the prompt mean averaged over the engines' day states too. */
export function longRunRate(model: DriftModel, base: number): number {
  return expectNormal((b) => promptMeanRate(model, base, b), model.daySd);
}
