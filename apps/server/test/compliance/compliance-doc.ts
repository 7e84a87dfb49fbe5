import { complianceRules } from "../../src/compliance/compliance-rules.js";
import { CORPUS_LANGUAGES, type CorpusSet, corpusFigures } from "./corpus-figures.js";

const f3 = (x: number) => x.toFixed(3);

/** A markdown table padded the way the formatter (biome) writes it. */
function markdownTable(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) =>
    Math.max(3, h.length, ...rows.map((r) => (r[i] ?? "").length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 3)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
}

/** The rules table of docs/recommendations.md, from the rule file. */
export function renderRulesTable(): string {
  const { version, rules } = complianceRules({ profile: "eu_medical" });
  const rows = rules.map((r) => [
    `\`${r.id}\` (${r.title.en})`,
    r.description,
    `${r.regulation}: ${r.article}`,
    r.sources.map((s) => `[${s.title}](${s.url})`).join("; "),
    `${r.patternCount.en}/${r.patternCount.es}/${r.patternCount.ca}/${r.patternCount.fr}`,
  ]);
  return [
    `Rule file \`apps/server/src/compliance/rules/eu-medical.v1.json\`, version \`${version}\`.`,
    "",
    ...markdownTable(
      ["Rule", "What it flags", "Regulation and article", "Sources", "Patterns (en/es/ca/fr)"],
      rows,
    ),
  ].join("\n");
}

/** The precision/recall tables of docs/recommendations.md, measured on a set of sentences. */
export function renderFiguresTables(set: CorpusSet = "corpus"): string {
  const figures = CORPUS_LANGUAGES.map((l) => corpusFigures(l, set));
  const languageRows = figures.map((f) =>
    [
      f.language,
      f.sentences,
      f.positives,
      f.negatives,
      f.truePositives,
      f.falsePositives,
      f.falseNegatives,
      f3(f.precision),
      f3(f.recall),
    ].map(String),
  );
  const ruleRows = complianceRules({ profile: "eu_medical" }).rules.map((r) => {
    const c = { tp: 0, fp: 0, fn: 0 };
    for (const f of figures) {
      const x = f.byRule.get(r.id);
      c.tp += x?.truePositives ?? 0;
      c.fp += x?.falsePositives ?? 0;
      c.fn += x?.falseNegatives ?? 0;
    }
    const p = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
    const rec = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
    return [`\`${r.id}\``, String(c.tp), String(c.fp), String(c.fn), f3(p), f3(rec)];
  });
  const lines = [
    ...markdownTable(
      ["Language", "Sentences", "Positive", "Negative", "TP", "FP", "FN", "Precision", "Recall"],
      languageRows,
    ),
    "",
    "Per rule, all four languages together:",
    "",
    ...markdownTable(["Rule", "TP", "FP", "FN", "Precision", "Recall"], ruleRows),
  ];
  return lines.join("\n");
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
export function replaceBetween(doc: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error(`docs/recommendations.md lacks the ${name} markers`);
  return `${doc.slice(0, a + start.length)}\n${body}\n${doc.slice(b)}`;
}
