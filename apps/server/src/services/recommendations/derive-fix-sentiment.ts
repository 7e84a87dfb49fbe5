import type { DerivationCandidate } from "./derivation-candidate.js";
import { evidenceLimit } from "./derivation-candidate.js";
import { type PromptCount, proportion } from "./derivation-stats.js";
import { type DerivationData, evidenceAnswer } from "./load-derivation-data.js";
import { percent, renderRecommendationText } from "./render-recommendation-text.js";

/**
 * `fix_sentiment`, one per workspace (target: all prompts and engines): the
 * answers that name the brand and speak of it negatively (the analysis's
 * sentiment of the brand's mention). Metric `negative_share`: negative answers
 * over answers naming the brand, its 95% interval over prompts. Proposed when
 * at least one answer is negative (the interval then lies above zero);
 * confidence `ciLow / value`. Evidence: the negative answers, excerpt around
 * the brand's mention.
 */
export function deriveFixSentiment(data: DerivationData): DerivationCandidate[] {
  const mentioning = data.answers.filter((a) => a.mentions.has("self"));
  const negative = mentioning.filter((a) => a.mentions.get("self")?.sentiment === "negative");
  if (negative.length === 0) return [];
  const byPrompt = new Map<string, PromptCount>();
  for (const a of mentioning) {
    const c = byPrompt.get(a.promptId) ?? { x: 0, n: 0 };
    c.n += 1;
    if (a.mentions.get("self")?.sentiment === "negative") c.x += 1;
    byPrompt.set(a.promptId, c);
  }
  const metric = proportion(
    [...byPrompt.values()],
    `fix-sentiment:${data.workspaceId}:${data.date}`,
  );
  const lang = data.language;
  const { texts, checked } = renderRecommendationText("fix_sentiment", lang, {
    brand: data.brand.name,
    date: data.date,
    n: mentioning.length,
    negative: negative.length,
    share: percent(metric.value, lang),
  });
  return [
    {
      checked,
      recommendation: {
        kind: "fix_sentiment",
        language: lang,
        ...texts,
        target: {},
        priority: {
          expectedImpact: metric.value,
          confidence: metric.value > 0 ? metric.ciLow / metric.value : 0,
          effort: "medium",
        },
        evidence: {
          metric: { name: "negative_share", ...metric, date: data.date },
          comparison: null,
          answers: negative
            .slice(0, evidenceLimit)
            .map((a) => evidenceAnswer(a, a.mentions.get("self")?.firstOffset ?? 0)),
        },
      },
    },
  ];
}
