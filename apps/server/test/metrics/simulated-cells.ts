import { type PromptCell, zeroEntityCounts } from "../../src/metrics/aggregates.js";
import type { Rng } from "../../src/prng.js";
import { mentionProbability, type PromptEffects } from "./drift-model.js";

/**
 * Per-prompt cells drawn straight from known true rates, with the simulated
 * engine's model (docs/metrics.md, "Calibration"): each answer mentions each
 * entity independently with its rate, orders the mentioned entities uniformly
 * at random (the rank), cites each entity's domain independently with its
 * citation rate, and always cites some source. The calibration test checks the
 * engine → analyzer → cells chain; the significance tests draw cells directly
 * so that thousands of simulated days stay within a few seconds.
 */
export interface SimulatedDay {
  prompts: number;
  engines: readonly string[];
  repetitions: number;
  /** Mention rate per entity id; `shift` overrides it for some prompts. */
  mentionRate: Record<string, number>;
  citeRate: Record<string, number>;
  /** Prompt id prefix (days with different prefixes share no prompt). */
  promptPrefix?: string;
  /** Added to an entity's mention rate (e.g. a true change). */
  shift?: { entityId: string; points: number };
  /**
   * Prompt and persona effects (one workspace's) and the day's engine states
   * (drift-model.ts): the mention rates are then each entity's base on the
   * logit scale.
   */
  drift?: { prompts: PromptEffects; day: Record<string, Record<string, number>> };
}

export function simulateDay(day: SimulatedDay, rng: Rng): PromptCell[] {
  const ids = Object.keys(day.mentionRate);
  const shift = (id: string) => (day.shift?.entityId === id ? day.shift.points / 100 : 0);
  const rate = (id: string, prompt: number, engine: string) => {
    const base = day.mentionRate[id] as number;
    if (!day.drift) return base + shift(id);
    const offset =
      (day.drift.prompts.byEntity[id]?.[prompt] as number) +
      (day.drift.day[id]?.[engine] as number);
    return mentionProbability(base, offset, shift(id));
  };
  const cells: PromptCell[] = [];
  const mentioned: string[] = [];
  for (let p = 0; p < day.prompts; p++) {
    for (const engine of day.engines) {
      const entities: PromptCell["entities"] = {};
      for (const id of ids) entities[id] = zeroEntityCounts();
      for (let r = 0; r < day.repetitions; r++) {
        mentioned.length = 0;
        for (const id of ids) if (rng.chance(rate(id, p, engine))) mentioned.push(id);
        const order = rng.shuffle(mentioned);
        order.forEach((id, i) => {
          const c = entities[id] as PromptCell["entities"][string];
          c.mentionedResponses++;
          c.mentionCount++;
          c.rankSum += i + 1;
        });
        for (const id of ids) {
          if (rng.chance(day.citeRate[id] as number))
            (entities[id] as { citedResponses: number }).citedResponses++;
        }
      }
      cells.push({
        promptId: `${day.promptPrefix ?? "prompt"}-${String(p).padStart(3, "0")}`,
        engine,
        category: "discovery",
        responses: day.repetitions,
        responsesWithCitations: day.repetitions,
        entities,
      });
    }
  }
  return cells;
}
