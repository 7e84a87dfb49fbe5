import type { DerivationCandidate } from "./derivation-candidate.js";
import { evidenceLimit } from "./derivation-candidate.js";
import { gapConfidence, type PromptCount, proportion } from "./derivation-stats.js";
import { type DerivationData, evidenceAnswer } from "./load-derivation-data.js";
import { percent, renderRecommendationText, sourceLabel } from "./render-recommendation-text.js";

/** At most this many `earn_citation` recommendations per derivation (the best-supported). */
export const maxCitationDomains = 5;
/** The lower bound a domain's citation rate must clear to be worth an outreach. */
export const minCitationRateLow = 0.05;

/**
 * `earn_citation`, one per domain: third-party domains (not the brand's, not a
 * competitor's: the analysis's owner of the cited domain) that the engines cite
 * in answers that do not name the brand. Metric `citation_rate`: answers without
 * the brand that cite the domain over answers without the brand, its 95%
 * interval over prompts. Proposed when the interval's lower bound is at least
 * 5%; the 5 domains with the highest lower bound (ties by domain). Evidence:
 * the answers citing it. In steps: it yields after each domain's interval.
 */
export function* deriveEarnCitation(data: DerivationData): Generator<void, DerivationCandidate[]> {
  const without = data.answers.filter((a) => !a.mentions.has("self"));
  if (without.length === 0) return [];
  const denominators = new Map<string, number>();
  for (const a of without) denominators.set(a.promptId, (denominators.get(a.promptId) ?? 0) + 1);
  const domains = new Map<string, { taxonomy: string | null; perPrompt: Map<string, number> }>();
  for (const a of without) {
    const seen = new Set<string>();
    for (const c of a.citations) {
      if (!c.domain || c.entityId !== null || c.taxonomy === "owned") continue;
      if (c.taxonomy === "competitor" || seen.has(c.domain)) continue;
      seen.add(c.domain);
      const d = domains.get(c.domain) ?? { taxonomy: c.taxonomy, perPrompt: new Map() };
      d.perPrompt.set(a.promptId, (d.perPrompt.get(a.promptId) ?? 0) + 1);
      domains.set(c.domain, d);
    }
  }
  const prompts = [...denominators.keys()].sort();
  const rated = [];
  for (const [domain, d] of domains) {
    const counts: PromptCount[] = prompts.map((p) => ({
      x: d.perPrompt.get(p) ?? 0,
      n: denominators.get(p) ?? 0,
    }));
    const rate = proportion(counts, `earn-citation:${data.workspaceId}:${data.date}:${domain}`);
    rated.push({ domain, taxonomy: d.taxonomy, rate });
    yield;
  }
  const scored = rated
    .filter((d) => d.rate.ciLow >= minCitationRateLow)
    .sort((a, b) => b.rate.ciLow - a.rate.ciLow || (a.domain < b.domain ? -1 : 1))
    .slice(0, maxCitationDomains);

  const lang = data.language;
  return scored.map(({ domain, taxonomy, rate }) => {
    const citing = without.filter((a) => a.citations.some((c) => c.domain === domain));
    const { texts, checked } = renderRecommendationText("earn_citation", lang, {
      brand: data.brand.name,
      domain,
      source: sourceLabel(taxonomy, lang),
      date: data.date,
      cited: citing.length,
      n: rate.n,
      share: percent(rate.value, lang),
    });
    return {
      checked,
      recommendation: {
        kind: "earn_citation",
        language: lang,
        ...texts,
        target: { domain },
        priority: { expectedImpact: rate.value, confidence: gapConfidence(rate), effort: "high" },
        evidence: {
          metric: { name: "citation_rate", ...rate, date: data.date },
          comparison: null,
          answers: citing.slice(0, evidenceLimit).map((a) => {
            const other = [...a.mentions.values()][0];
            return evidenceAnswer(a, other?.firstOffset ?? 0);
          }),
        },
      },
    };
  });
}
