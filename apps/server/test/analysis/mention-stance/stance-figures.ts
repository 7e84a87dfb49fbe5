import { readFileSync } from "node:fs";
import type { Stance } from "../../../src/analysis/types.js";
import { analyze, entity, subject } from "../analysis-fixtures.js";

export const STANCE_LANGUAGES = ["en", "es", "ca", "fr"] as const;
export const STANCES: readonly Stance[] = ["recommended", "mentioned", "discouraged"];

interface StanceCase {
  text: string;
  /** Brand name -> its labelled stance (every pool name in the text). */
  entities: Record<string, Stance>;
  note?: string;
}

export interface ClassFigures {
  labelled: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
}

export interface StanceFigures {
  language: string;
  cases: number;
  byClass: Record<Stance, ClassFigures>;
  mistakes: Array<{ text: string; entity: string; expected: Stance; found: Stance }>;
}

/** `corpus`: the development set (asserted); `holdout`: written apart and never tuned on (reported). */
export type StanceSet = "corpus" | "holdout";

function readCases(language: string, set: StanceSet): StanceCase[] {
  const url = new URL(`./${set}/${language}.json`, import.meta.url);
  return (JSON.parse(readFileSync(url, "utf8")) as { cases: StanceCase[] }).cases;
}

/** Runs the full answer analysis on every labelled case and counts per class. */
export function stanceFigures(language: string, set: StanceSet = "corpus"): StanceFigures {
  const cases = readCases(language, set);
  const tally = Object.fromEntries(STANCES.map((s) => [s, { tp: 0, fp: 0, fn: 0, labelled: 0 }]));
  const mistakes: StanceFigures["mistakes"] = [];
  for (const c of cases) {
    const names = Object.keys(c.entities);
    const s = subject(names.map((name, i) => entity(`e${i}`, name, { isSelf: i === 0 })));
    const analysis = analyze(s, c.text, { language });
    names.forEach((name, i) => {
      const expected = c.entities[name] as Stance;
      const found = analysis.mentions.find((m) => m.entityId === `e${i}`)?.stance ?? "mentioned";
      (tally[expected] as { labelled: number }).labelled++;
      if (found === expected) (tally[expected] as { tp: number }).tp++;
      else {
        (tally[expected] as { fn: number }).fn++;
        (tally[found] as { fp: number }).fp++;
        mistakes.push({ text: c.text, entity: name, expected, found });
      }
    });
  }
  const byClass = Object.fromEntries(
    STANCES.map((s) => {
      const t = tally[s] as { tp: number; fp: number; fn: number; labelled: number };
      return [
        s,
        {
          labelled: t.labelled,
          truePositives: t.tp,
          falsePositives: t.fp,
          falseNegatives: t.fn,
          precision: t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp),
          recall: t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn),
        },
      ];
    }),
  ) as Record<Stance, ClassFigures>;
  return { language, cases: cases.length, byClass, mistakes };
}

/** One line per class: "recommended P 0.912 R 0.880 (n 89)". */
export function describeStanceFigures(f: StanceFigures): string {
  return STANCES.map((s) => {
    const c = f.byClass[s];
    return `${s} P ${c.precision.toFixed(3)} R ${c.recall.toFixed(3)} (n ${c.labelled})`;
  }).join(", ");
}
