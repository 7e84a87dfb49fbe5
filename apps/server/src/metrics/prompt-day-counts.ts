import type { ChangeSeries } from "./detect-changes.js";
import type { DailyProportion } from "./window-sums.js";

/** One prompt's counts on one day: answers, and each entity's answers naming it. */
export interface PromptDay {
  prompt: string;
  responses: number;
  mentioned: number[];
}

/** Day → prompt → counts. */
export type PromptDays = Map<string, Map<string, PromptDay>>;

/** A metric's numerator and denominator in one prompt-day cell. */
export type CellCount = (cell: PromptDay) => { x: number; n: number };

/**
 * The prompt-day counts of every entity of `entityIds` from their pooled
 * series (engine null, one per entity, with per-prompt counts as
 * `loadVisibilitySeries` gives them), the days within `from`..`to` only.
 * Entities not in `entityIds` and per-engine series are left out. Pure.
 */
export function promptDayCounts(
  entityIds: readonly string[],
  series: readonly ChangeSeries[],
  range: { from: string; to: string },
): PromptDays {
  const index = new Map(entityIds.map((id, i) => [id, i]));
  const byDay: PromptDays = new Map();
  for (const s of series) {
    const e = index.get(s.entityId);
    if (e === undefined || s.engine !== null) continue;
    for (const d of s.days) {
      if (d.date < range.from || d.date > range.to) continue;
      let prompts = byDay.get(d.date);
      if (!prompts) {
        prompts = new Map();
        byDay.set(d.date, prompts);
      }
      for (const p of d.prompts ?? []) {
        if (p.trials === 0) continue;
        let cell = prompts.get(p.promptId);
        if (!cell) {
          cell = { prompt: p.promptId, responses: p.trials, mentioned: entityIds.map(() => 0) };
          prompts.set(p.promptId, cell);
        }
        cell.mentioned[e] = p.successes;
      }
    }
  }
  return byDay;
}

/** The days holding answers, in order. */
export function answeredDays(byDay: PromptDays): string[] {
  return [...byDay.keys()].filter((day) => (byDay.get(day)?.size ?? 0) > 0).sort();
}

/**
 * A metric's daily series with per-prompt counts: the days of `days` where it
 * has a denominator, each prompt where it has one.
 */
export function dailyProportions(
  byDay: PromptDays,
  days: readonly string[],
  count: CellCount,
): DailyProportion[] {
  const daily: DailyProportion[] = [];
  for (const date of days) {
    const prompts = [...(byDay.get(date)?.values() ?? [])]
      .map((c) => ({ promptId: c.prompt, ...count(c) }))
      .filter((p) => p.n > 0)
      .map((p) => ({ promptId: p.promptId, successes: p.x, trials: p.n }));
    const successes = prompts.reduce((s, p) => s + p.successes, 0);
    const trials = prompts.reduce((s, p) => s + p.trials, 0);
    if (trials > 0) daily.push({ date, successes, trials, prompts });
  }
  return daily;
}

/** Visibility of the entity at `index`: answers naming it of all answers. */
export const visibilityCount =
  (index: number): CellCount =>
  (c) => ({ x: c.mentioned[index] as number, n: c.responses });

/** Share of voice of the entity at `index`: its of every tracked entity's mentioned answers. */
export const shareOfVoiceCount =
  (index: number): CellCount =>
  (c) => ({
    x: c.mentioned[index] as number,
    n: c.mentioned.reduce((a, b) => a + b, 0),
  });
