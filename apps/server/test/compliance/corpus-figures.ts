import { readFileSync } from "node:fs";
import { checkCompliance } from "../../src/compliance/check-compliance.js";

export interface CorpusCase {
  text: string;
  /** The rules the sentence breaks; empty for a compliant sentence. */
  rules: string[];
  /** `holdout-N`: written after the rules of round N, measured before any fix (docs). */
  source?: string;
}

export interface Counts {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export interface LanguageFigures extends Counts {
  language: string;
  sentences: number;
  positives: number;
  negatives: number;
  precision: number;
  recall: number;
  /** Counts per rule id. */
  byRule: Map<string, Counts>;
  mistakes: { text: string; expected: string[]; found: string[] }[];
}

export const CORPUS_LANGUAGES = ["en", "es", "ca", "fr"] as const;

/** `corpus`: the development corpus (asserted); `holdout`: the standing held-out set (reported). */
export type CorpusSet = "corpus" | "holdout";

export function readCorpus(
  language: string,
  set: CorpusSet = "corpus",
): { language: string; cases: CorpusCase[] } {
  const url = new URL(`./${set}/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8"));
}

const ratio = (hits: number, total: number) => (total === 0 ? 1 : hits / total);

/**
 * Precision and recall over (sentence, rule) pairs: a rule expected and found is a true
 * positive, found but not expected a false positive, expected but not found a false negative.
 */
export function corpusFigures(language: string, set: CorpusSet = "corpus"): LanguageFigures {
  const corpus = readCorpus(language, set);
  const byRule = new Map<string, Counts>();
  const count = (rule: string) => {
    let c = byRule.get(rule);
    if (c === undefined) {
      c = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
      byRule.set(rule, c);
    }
    return c;
  };
  const mistakes: LanguageFigures["mistakes"] = [];
  for (const c of corpus.cases) {
    const found = [
      ...new Set(
        checkCompliance({ text: c.text, language, profile: "eu_medical" }).map((f) => f.ruleId),
      ),
    ];
    for (const r of found) {
      if (c.rules.includes(r)) count(r).truePositives++;
      else count(r).falsePositives++;
    }
    for (const r of c.rules) if (!found.includes(r)) count(r).falseNegatives++;
    if (found.length !== c.rules.length || found.some((r) => !c.rules.includes(r))) {
      mistakes.push({ text: c.text, expected: c.rules, found });
    }
  }
  const sum = (k: keyof Counts) => [...byRule.values()].reduce((n, c) => n + c[k], 0);
  const tp = sum("truePositives");
  const fp = sum("falsePositives");
  const fn = sum("falseNegatives");
  return {
    language,
    sentences: corpus.cases.length,
    positives: corpus.cases.filter((c) => c.rules.length > 0).length,
    negatives: corpus.cases.filter((c) => c.rules.length === 0).length,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    byRule,
    mistakes,
  };
}
