/**
 * One check of a page evaluation (docs/page-evaluations.md, "Checks and scores"). Every
 * category's checks share this shape, so the API, the CLI table and reports show them alike.
 */
export type PageCheckCategory = "access" | "understanding" | "entity" | "citations" | "compliance";

/** `info` and `not_applicable` inform and never count in a score. */
export type PageCheckStatus = "pass" | "warn" | "fail" | "info" | "not_applicable";

export type PageCheckSeverity = "critical" | "high" | "medium" | "low";

/** What the check saw: a robots.txt line, a tag, a missing element, a sentence. */
export interface PageCheckEvidence {
  label: string;
  value: string;
  /** The line in the file `label` names (robots.txt), when there is one. */
  line?: number;
}

export interface PageCheck {
  /** Stable id, `<category>.<name>` (`access.robots.GPTBot`, `understanding.meta_description`). */
  id: string;
  category: PageCheckCategory;
  /** A short label in English. */
  title: string;
  status: PageCheckStatus;
  /** How much a failure costs: the check's weight in its category's score. */
  severity: PageCheckSeverity;
  /** One sentence on what was found. */
  summary: string;
  evidence: PageCheckEvidence[];
  /** What to change, or null when there is nothing to do. */
  fix: string | null;
}

export const severityWeights: Readonly<Record<PageCheckSeverity, number>> = {
  critical: 8,
  high: 4,
  medium: 2,
  low: 1,
};

const statusCredit: Readonly<Partial<Record<PageCheckStatus, number>>> = {
  pass: 1,
  warn: 0.5,
  fail: 0,
};

/** Categories' weights in the overall score; a category without scored checks drops out. */
export const categoryWeights: Readonly<Record<PageCheckCategory, number>> = {
  access: 0.3,
  understanding: 0.3,
  entity: 0.15,
  citations: 0.15,
  compliance: 0.1,
};

export interface PageScores {
  overall: number | null;
  categories: Record<PageCheckCategory, number | null>;
}

/**
 * Scores 0-100: a category's is its checks' credit (pass 1, warn 0.5, fail 0) weighted by
 * severity; the overall is the categories' scores weighted by `categoryWeights`, renormalised
 * over the categories that have a score. Null where nothing was scored. Rounded to integers.
 */
export function scorePage(checks: readonly PageCheck[]): PageScores {
  const categories = Object.fromEntries(
    (Object.keys(categoryWeights) as PageCheckCategory[]).map((category) => {
      let earned = 0;
      let possible = 0;
      for (const check of checks) {
        const credit = statusCredit[check.status];
        if (check.category !== category || credit === undefined) continue;
        earned += credit * severityWeights[check.severity];
        possible += severityWeights[check.severity];
      }
      return [category, possible === 0 ? null : Math.round((100 * earned) / possible)];
    }),
  ) as Record<PageCheckCategory, number | null>;
  let weighted = 0;
  let total = 0;
  for (const [category, score] of Object.entries(categories)) {
    if (score === null) continue;
    weighted += score * categoryWeights[category as PageCheckCategory];
    total += categoryWeights[category as PageCheckCategory];
  }
  return { overall: total === 0 ? null : Math.round(weighted / total), categories };
}
