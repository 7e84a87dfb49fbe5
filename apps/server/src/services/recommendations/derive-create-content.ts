import type { DerivationCandidate } from "./derivation-candidate.js";
import { evidenceLimit } from "./derivation-candidate.js";
import { gapConfidence, newcombeGap, proportion } from "./derivation-stats.js";
import {
  type DerivationAnswer,
  type DerivationData,
  evidenceAnswer,
} from "./load-derivation-data.js";
import { priorityScore } from "./recommendation-rules.js";
import { percent, renderRecommendationText } from "./render-recommendation-text.js";

/**
 * At most this many `create_content` recommendations per derivation: the
 * highest priority (score, then expected impact × confidence, then prompt id).
 * A workspace with many prompts would otherwise get one per outranked prompt,
 * more than a team can act on. Prompts beyond the cap are not proposed (no new
 * recommendation; their candidates are marked `capped`); open ones already
 * stored for them are kept as they are, and not marked stale.
 */
export const maxCreateContent = 10;

/**
 * `create_content`, one per prompt: the leading competitor (most answers naming
 * it; ties go to the first listed) is named more often than the brand, the gap's
 * Newcombe 95% interval lies above zero, and at least one answer names a
 * competitor but not the brand. Evidence: those answers, excerpt around the
 * leader's (else the first competitor's) mention. At most `maxCreateContent`,
 * the highest priority first.
 */
export function deriveCreateContent(data: DerivationData): DerivationCandidate[] {
  const byPrompt = new Map<string, DerivationAnswer[]>();
  for (const a of data.answers) {
    const list = byPrompt.get(a.promptId) ?? [];
    list.push(a);
    byPrompt.set(a.promptId, list);
  }
  const competitorIds = [...data.competitors.keys()];
  const out: DerivationCandidate[] = [];
  for (const [promptId, answers] of byPrompt) {
    const n = answers.length;
    const brandX = answers.filter((a) => a.mentions.has("self")).length;
    let leader: { id: string; name: string; x: number } | null = null;
    for (const [id, name] of data.competitors) {
      const x = answers.filter((a) => a.mentions.has(id)).length;
      if (x > 0 && (!leader || x > leader.x)) leader = { id, name, x };
    }
    if (!leader || leader.x <= brandX) continue;
    const gap = newcombeGap(leader.x, n, brandX, n);
    if (gap.ciLow <= 0) continue;
    const without = answers.filter(
      (a) => !a.mentions.has("self") && competitorIds.some((id) => a.mentions.has(id)),
    );
    if (without.length === 0) continue;
    const seed = `create-content:${data.workspaceId}:${data.date}:${promptId}`;
    const brand = proportion([{ x: brandX, n }], `${seed}:self`);
    const competitor = proportion([{ x: leader.x, n }], `${seed}:${leader.id}`);
    const first = answers[0] as DerivationAnswer;
    const lang = data.language;
    const { texts, checked } = renderRecommendationText(
      "create_content",
      lang,
      {
        prompt: first.prompt,
        brand: data.brand.name,
        competitor: leader.name,
        date: data.date,
        n,
        without: without.length,
        brandShare: percent(brand.value, lang),
        competitorShare: percent(competitor.value, lang),
      },
      ["prompt"],
    );
    const leaderId = leader.id;
    out.push({
      checked,
      recommendation: {
        kind: "create_content",
        language: lang,
        ...texts,
        target: { promptIds: [promptId] },
        priority: { expectedImpact: gap.value, confidence: gapConfidence(gap), effort: "medium" },
        evidence: {
          metric: { name: "visibility", ...brand, date: data.date },
          comparison: { entity: leader.name, ...competitor },
          answers: without.slice(0, evidenceLimit).map((a) => {
            const at =
              a.mentions.get(leaderId) ??
              [...a.mentions.entries()].find(([id]) => id !== "self")?.[1];
            return evidenceAnswer(a, at?.firstOffset ?? 0);
          }),
        },
      },
    });
  }
  return capByPriority(out, maxCreateContent);
}

/** Marks all but the `max` candidates of highest priority `capped` (deterministic ties). */
function capByPriority(candidates: DerivationCandidate[], max: number): DerivationCandidate[] {
  if (candidates.length <= max) return candidates;
  const rank = (c: DerivationCandidate) => {
    const p = c.recommendation.priority;
    return {
      score: priorityScore(p.expectedImpact, p.confidence, p.effort).score,
      product: p.expectedImpact * p.confidence,
      prompt: c.recommendation.target.promptIds?.[0] ?? "",
    };
  };
  const kept = new Set(
    candidates
      .map((c) => ({ c, r: rank(c) }))
      .sort(
        (a, b) =>
          b.r.score - a.r.score ||
          b.r.product - a.r.product ||
          (a.r.prompt < b.r.prompt ? -1 : a.r.prompt > b.r.prompt ? 1 : 0),
      )
      .slice(0, max)
      .map(({ c }) => c),
  );
  return candidates.map((c) => (kept.has(c) ? c : { ...c, capped: true }));
}
