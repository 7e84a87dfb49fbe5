import type { ChangeSeries } from "./detect-changes.js";
import type { DailyProportion } from "./window-sums.js";

/**
 * One prompt's counts on one day: answers, and each entity's answers naming,
 * recommending and shortlisting it and the sum of its first-mention ranks;
 * answers with a citation, and each entity's answers citing it (0 where no
 * such series was given).
 */
export interface PromptDay {
  prompt: string;
  responses: number;
  mentioned: number[];
  recommended: number[];
  shortlisted: number[];
  rankSum: number[];
  withCitations: number;
  cited: number[];
}

/**
 * The pooled series of each count: `mentioned` always (its trials are the
 * answers), the others when read (`cited`'s trials: the answers with a citation).
 */
export interface CountSeries {
  mentioned: readonly ChangeSeries[];
  recommended?: readonly ChangeSeries[];
  shortlisted?: readonly ChangeSeries[];
  /** Successes: the sum of the entity's first-mention ranks (trials: the answers). */
  rankSum?: readonly ChangeSeries[];
  cited?: readonly ChangeSeries[];
}

/** Day → prompt → counts. */
export type PromptDays = Map<string, Map<string, PromptDay>>;

/** A metric's numerator and denominator in one prompt-day cell. */
export type CellCount = (cell: PromptDay) => { x: number; n: number };

/**
 * The prompt-day counts of every entity of `entityIds` from their pooled
 * series (engine null, one per entity, with per-prompt counts as
 * `loadEntityCountSeries` gives them; a bare list is the `mentioned` one),
 * the days within `from`..`to` only. Entities not in `entityIds` and
 * per-engine series are left out. Pure.
 */
export function promptDayCounts(
  entityIds: readonly string[],
  series: readonly ChangeSeries[] | CountSeries,
  range: { from: string; to: string },
): PromptDays {
  const counts: CountSeries = "mentioned" in series ? series : { mentioned: series };
  const index = new Map(entityIds.map((id, i) => [id, i]));
  const byDay: PromptDays = new Map();
  const zeros = () => entityIds.map(() => 0);
  for (const key of ["mentioned", "recommended", "shortlisted", "rankSum", "cited"] as const) {
    for (const s of counts[key] ?? []) {
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
          // A prompt's cell comes from the answers (`mentioned`, every prompt asked).
          if (!cell && key !== "mentioned") continue;
          if (!cell) {
            cell = {
              prompt: p.promptId,
              responses: p.trials,
              mentioned: zeros(),
              recommended: zeros(),
              shortlisted: zeros(),
              rankSum: zeros(),
              withCitations: 0,
              cited: zeros(),
            };
            prompts.set(p.promptId, cell);
          }
          if (key === "cited") cell.withCitations = p.trials;
          cell[key][e] = p.successes;
        }
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

/**
 * A share of all answers of the entity at `index`: those naming it
 * (visibility), recommending it (recommendation rate) or shortlisting it.
 */
export const answerShare =
  (field: "mentioned" | "recommended" | "shortlisted") =>
  (index: number): CellCount =>
  (c) => ({ x: c[field][index] as number, n: c.responses });

export const visibilityCount = answerShare("mentioned");
export const recommendedCount = answerShare("recommended");
export const shortlistedCount = answerShare("shortlisted");

/** Citation share of the entity at `index`: answers citing it of the answers with a citation. */
export const citedCount =
  (index: number): CellCount =>
  (c) => ({ x: c.cited[index] as number, n: c.withCitations });

/** Share of voice of the entity at `index`: its of every tracked entity's mentioned answers. */
export const shareOfVoiceCount =
  (index: number): CellCount =>
  (c) => ({
    x: c.mentioned[index] as number,
    n: c.mentioned.reduce((a, b) => a + b, 0),
  });
