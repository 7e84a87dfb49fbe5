import type { DerivationCandidate } from "./derivation-candidate.js";
import { evidenceLimit } from "./derivation-candidate.js";
import { gapConfidence, type PromptCount, proportion } from "./derivation-stats.js";
import {
  type DerivationAnswer,
  type DerivationData,
  evidenceAnswer,
} from "./load-derivation-data.js";
import { percent, renderRecommendationText } from "./render-recommendation-text.js";

/** The owned citation rate (of answers naming the brand) whose 95% upper bound must stay below this. */
export const maxOwnedCitationRateHigh = 0.25;

const owned = (a: DerivationAnswer) => a.citations.some((c) => c.taxonomy === "owned");

/** The owned URL the day's answers cite most (ties by URL), with its domain; null when none is cited. */
function mostCitedOwnedPage(data: DerivationData): { url: string; domain: string | null } | null {
  const counts = new Map<string, { n: number; domain: string | null }>();
  for (const a of data.answers) {
    const seen = new Set<string>();
    for (const c of a.citations) {
      if (c.taxonomy !== "owned" || seen.has(c.url)) continue;
      seen.add(c.url);
      const entry = counts.get(c.url) ?? { n: 0, domain: c.domain };
      entry.n += 1;
      counts.set(c.url, entry);
    }
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1].n - a[1].n || (a[0] < b[0] ? -1 : 1));
  return best ? { url: best[0], domain: best[1].domain } : null;
}

/**
 * `improve_page`, at most one per workspace: the brand is named but its own
 * pages are rarely the source. Metric `citation_rate`: answers naming the brand
 * that cite any owned URL over answers naming the brand, its 95% interval over
 * prompts. Proposed when the upper bound is below 25% and at least one answer
 * naming the brand cites third-party pages and no owned one. Target: the owned
 * URL the day's answers cite most (its domain), or the workspace's primary
 * domain with `url: null` when none is cited (nothing when it has no domain),
 * and the prompts where the brand is named without an owned citation. The gap
 * is `25% - rate`: impact its value, confidence its lower bound over it.
 * Evidence: those answers. (A page evaluation finding a page weak, issue 16,
 * will be a second trigger of this kind on the same target URL.)
 */
export function deriveImprovePage(data: DerivationData): DerivationCandidate[] {
  const named = data.answers.filter((a) => a.mentions.has("self"));
  const uncited = named.filter((a) => !owned(a));
  const thirdParty = uncited.filter((a) => a.citations.length > 0);
  if (thirdParty.length === 0) return [];
  const perPrompt = new Map<string, PromptCount>();
  for (const a of named) {
    const c = perPrompt.get(a.promptId) ?? { x: 0, n: 0 };
    c.n += 1;
    if (owned(a)) c.x += 1;
    perPrompt.set(a.promptId, c);
  }
  const counts = [...perPrompt.keys()].sort().map((p) => perPrompt.get(p) as PromptCount);
  const rate = proportion(counts, `improve-page:${data.workspaceId}:${data.date}`);
  if (rate.ciHigh >= maxOwnedCitationRateHigh) return [];
  const page = mostCitedOwnedPage(data);
  const domain = page?.domain ?? data.primaryDomain;
  if (!page && !domain) return [];
  const gap = {
    value: maxOwnedCitationRateHigh - rate.value,
    ciLow: maxOwnedCitationRateHigh - rate.ciHigh,
    ciHigh: maxOwnedCitationRateHigh - rate.ciLow,
    n: rate.n,
  };
  const lang = data.language;
  const { texts, checked } = renderRecommendationText("improve_page", lang, {
    brand: data.brand.name,
    page: page?.url ?? domain ?? "",
    date: data.date,
    n: rate.n,
    cited: named.length - uncited.length,
    share: percent(rate.value, lang),
    thirdParty: thirdParty.length,
  });
  return [
    {
      checked,
      recommendation: {
        kind: "improve_page",
        language: lang,
        ...texts,
        target: {
          domain,
          url: page?.url ?? null,
          promptIds: [...new Set(uncited.map((a) => a.promptId))],
        },
        priority: {
          expectedImpact: Math.round(gap.value * 10_000) / 10_000,
          confidence: gapConfidence(gap),
          effort: "medium",
        },
        evidence: {
          metric: { name: "citation_rate", ...rate, date: data.date },
          comparison: null,
          answers: uncited
            .slice(0, evidenceLimit)
            .map((a) => evidenceAnswer(a, a.mentions.get("self")?.firstOffset ?? 0)),
        },
      },
    },
  ];
}
