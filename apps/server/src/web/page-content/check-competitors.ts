import type { PageCheck } from "../page-check.js";
import { findNames } from "./find-names.js";
import type { ContentCheckInput } from "./types.js";

/**
 * `entity.competitors` (informational, never scored): which of the workspace's competitors the
 * page names, how often, with the sentences. The brand is matched first, so a spelling shared
 * with the brand counts for the brand.
 */
export function checkCompetitors({ facts, brand, competitors }: ContentCheckInput): PageCheck {
  const base = {
    id: "entity.competitors",
    category: "entity",
    title: "Competitors named",
    severity: "low",
    fix: null,
  } as const;
  const listed = competitors.filter((c) => c.name.trim() !== "");
  if (listed.length === 0) {
    return {
      ...base,
      status: "not_applicable",
      summary: "The workspace tracks no competitor.",
      evidence: [],
    };
  }
  const names = [
    { name: brand.trim() },
    ...listed.map((c) => ({ name: c.name, aliases: c.aliases ?? [] })),
  ].filter((entry, i) => i > 0 || entry.name !== "");
  const offset = names.length - listed.length;
  const hits = findNames({
    text: `${facts.titles.find((t) => t !== "") ?? ""}\n${facts.bodyText}`,
    names,
    maxSentences: 2,
  }).slice(offset);
  const named = listed
    .map((competitor, i) => ({ competitor, hits: hits[i] }))
    .filter((entry) => (entry.hits?.count ?? 0) > 0);
  if (named.length === 0) {
    return {
      ...base,
      status: "info",
      summary: `The page names none of the ${listed.length} tracked competitors.`,
      evidence: [{ label: "competitors named", value: "(none)" }],
    };
  }
  return {
    ...base,
    status: "info",
    summary: `The page names ${named.length} of the ${listed.length} tracked competitors: ${named
      .map((n) => `${n.competitor.name} (${n.hits?.count})`)
      .join(", ")}.`,
    evidence: named.flatMap((n) =>
      (n.hits?.sentences ?? []).map((sentence) => ({ label: n.competitor.name, value: sentence })),
    ),
  };
}
