import type { Language, RecommendationKind } from "@geopulse/api-types";
import templates from "./recommendation-templates.json" with { type: "json" };

/** A kind, or a second trigger of one with texts of its own (`improve_page_evaluation`). */
export type TemplatedKind = RecommendationKind | "improve_page_evaluation";
type Texts = { title: string; rationale: string; action: string };
type Values = Record<string, string | number>;

/** The version of `recommendation-templates.json`. */
export const templatesVersion = templates.version;

/** A 0-1 share as a percentage in the language's style (`45%`, `45 %`). */
export function percent(value: number, language: Language): string {
  const n = Math.round(value * 100);
  return language === "en" ? `${n}%` : language === "fr" ? `${n}\u202f%` : `${n} %`;
}

/** A citation source's kind (its domain taxonomy) in words. */
export function sourceLabel(taxonomy: string | null, language: Language): string {
  const labels = templates.sources[language] as Record<string, string>;
  return labels[taxonomy ?? "other"] ?? labels.other ?? "";
}

function fill(text: string, values: Values): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * A recommendation's title, rationale and action from the templates of its kind
 * in `language`, and the same texts as the compliance check reads them: quoted
 * values (`quoted`, e.g. a prompt's text) replaced by a neutral word, because
 * the gate checks what the recommendation proposes, not what it quotes
 * (docs/recommendations.md, Compliance rules).
 */
export function renderRecommendationText(
  kind: TemplatedKind,
  language: Language,
  values: Values,
  quoted: readonly string[] = [],
): { texts: Texts; checked: Texts } {
  const template = templates.kinds[kind][language] as Texts;
  const neutral = { ...values };
  for (const name of quoted) neutral[name] = "…";
  const render = (v: Values): Texts => ({
    title: fill(template.title, v),
    rationale: fill(template.rationale, v),
    action: fill(template.action, v),
  });
  return { texts: render(values), checked: render(neutral) };
}

/** One more line of a kind's templates (`also`: what a second trigger adds to another's action). */
export function renderTemplateLine(
  kind: TemplatedKind,
  language: Language,
  line: string,
  values: Values,
): string {
  const template = templates.kinds[kind][language] as Record<string, string>;
  return fill(template[line] ?? "", values);
}
