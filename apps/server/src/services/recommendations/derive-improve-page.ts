import type { Language } from "@geopulse/api-types";
import { normalizeUrl } from "../../analysis/url-normalize.js";
import { dayOf } from "../../days.js";
import type { DerivationCandidate } from "./derivation-candidate.js";
import { evidenceLimit } from "./derivation-candidate.js";
import { gapConfidence, type PromptCount, proportion } from "./derivation-stats.js";
import {
  type DerivationAnswer,
  type DerivationData,
  type DerivationPageEvaluation,
  evidenceAnswer,
} from "./load-derivation-data.js";
import {
  percent,
  renderRecommendationText,
  renderTemplateLine,
} from "./render-recommendation-text.js";

/** The owned citation rate (of answers naming the brand) whose 95% upper bound must stay below this. */
export const maxOwnedCitationRateHigh = 0.25;

/** An owned page whose latest evaluation's overall score is below this is weak. */
export const weakPageScore = 60;
/** How sure an evaluation-based `improve_page` is: the page was measured, not sampled. */
const evaluationConfidence = 0.8;
/** Fixes named in the action text, at most. */
const maxFixesInAction = 8;

const owned = (a: DerivationAnswer) => a.citations.some((c) => c.taxonomy === "owned");

/** The owned URL the day's answers cite most (ties by URL), with its domain; null when none is cited. */
function mostCitedOwnedPage(data: DerivationData): { url: string; domain: string | null } | null {
  const counts = new Map<string, { n: number; domain: string | null }>();
  for (const a of data.answers) {
    const seen = new Set<string>();
    for (const c of a.citations) {
      // One page however the engines tagged its link (`?utm_source=…`).
      const url = normalizeUrl(c.url)?.normalizedUrl ?? c.url;
      if (c.taxonomy !== "owned" || seen.has(url)) continue;
      seen.add(url);
      const entry = counts.get(url) ?? { n: 0, domain: c.domain };
      entry.n += 1;
      counts.set(url, entry);
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
 * Evidence: those answers.
 */
function deriveFromCitations(data: DerivationData): DerivationCandidate[] {
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

/** Weak: an overall score below `weakPageScore`, or a failing check of severity critical or high. */
const isWeak = (p: DerivationPageEvaluation) =>
  (p.scores.overall !== null && p.scores.overall < weakPageScore) ||
  p.failingChecks.some((c) => c.severity === "critical" || c.severity === "high");

const urlKey = (url: string) => normalizeUrl(url)?.normalizedUrl ?? url;

/** The values of the `improve_page_evaluation` templates. */
function evaluationValues(p: DerivationPageEvaluation) {
  const score = (n: number | null) => (n === null ? "–" : String(n));
  const fixes = p.failingChecks
    .filter((c) => c.fix)
    .slice(0, maxFixesInAction)
    .map((c, i) => {
      const fix = (c.fix ?? "").trim();
      return `${i + 1}. ${/[.!?]$/.test(fix) ? fix : `${fix}.`}`;
    })
    .join(" ");
  return {
    page: p.url,
    date: dayOf(new Date(p.finishedAt)),
    score: score(p.scores.overall),
    access: score(p.scores.categories.access),
    understanding: score(p.scores.categories.understanding),
    entity: score(p.scores.categories.entity),
    citations: score(p.scores.categories.citations),
    failing: p.failingChecks.length,
    severe: p.failingChecks.filter((c) => c.severity === "critical" || c.severity === "high")
      .length,
    fixes,
  };
}

const pageEvidence = (p: DerivationPageEvaluation) => ({
  evaluationId: p.evaluationId,
  url: p.url,
  finishedAt: p.finishedAt,
  scores: p.scores,
  failingChecks: p.failingChecks.slice(0, evidenceLimit),
});

/** One evaluation-based candidate: the page, its scores as the metric, its fixes as the action. */
function fromEvaluation(p: DerivationPageEvaluation, lang: Language): DerivationCandidate {
  const values = evaluationValues(p);
  // The page's URL and the fixes (some quote the page) are what is quoted, not proposed.
  const { texts, checked } = renderRecommendationText("improve_page_evaluation", lang, values, [
    "page",
    "fixes",
  ]);
  const overall = (p.scores.overall ?? 0) / 100;
  return {
    checked,
    recommendation: {
      kind: "improve_page",
      language: lang,
      ...texts,
      target: { domain: p.domain, url: p.url, promptIds: [] },
      priority: {
        expectedImpact: Math.round((1 - overall) * 10_000) / 10_000,
        confidence: evaluationConfidence,
        effort: "medium",
      },
      evidence: {
        metric: {
          name: "page_score",
          value: overall,
          ciLow: overall,
          ciHigh: overall,
          n: p.failingChecks.length,
          date: values.date,
        },
        comparison: null,
        answers: [],
        pageEvaluation: pageEvidence(p),
      },
    },
  };
}

/**
 * `improve_page`, from two triggers sharing one fingerprint per page (kind and
 * URL, normalised as citations are): the citations (above), and page
 * evaluations: each owned URL whose latest succeeded evaluation is weak (an
 * overall score below 60, or a failing check of severity critical or high)
 * gets one, its evidence the evaluation (id, scores, failing checks), its
 * action the checks' fixes, the most severe first; metric `page_score` (the
 * overall score 0-1, `n` the failing checks), impact `1 - score`, confidence
 * 0.8, effort medium. When the citation trigger targets the same page, the one
 * recommendation carries both: the answers and the evaluation, the fixes added
 * to its action.
 */
export function deriveImprovePage(data: DerivationData): DerivationCandidate[] {
  const lang = data.language;
  const weak = data.pageEvaluations.filter(isWeak);
  const out: DerivationCandidate[] = [];
  const merged = new Set<string>();
  for (const candidate of deriveFromCitations(data)) {
    const url = candidate.recommendation.target.url;
    const page = url ? weak.find((p) => urlKey(p.url) === urlKey(url)) : undefined;
    if (page) {
      merged.add(page.evaluationId);
      const values = evaluationValues(page);
      const also = renderTemplateLine("improve_page_evaluation", lang, "also", values);
      const alsoChecked = renderTemplateLine("improve_page_evaluation", lang, "also", {
        ...values,
        fixes: "…",
      });
      candidate.recommendation.action = `${candidate.recommendation.action} ${also}`;
      candidate.checked.action = `${candidate.checked.action} ${alsoChecked}`;
      candidate.recommendation.evidence.pageEvaluation = pageEvidence(page);
    }
    out.push(candidate);
  }
  for (const page of weak) if (!merged.has(page.evaluationId)) out.push(fromEvaluation(page, lang));
  return out;
}
