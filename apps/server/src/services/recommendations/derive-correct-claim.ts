import { complianceRules } from "../../compliance/compliance-rules.js";
import { findBrandClaims } from "../../compliance/find-brand-claims.js";
import type { DerivationCandidate } from "./derivation-candidate.js";
import { evidenceLimit } from "./derivation-candidate.js";
import { type PromptCount, proportion } from "./derivation-stats.js";
import { type DerivationData, evidenceAnswer } from "./load-derivation-data.js";
import { percent, renderRecommendationText } from "./render-recommendation-text.js";

/**
 * `correct_claim`, `eu_medical` workspaces only, one per workspace: answers that
 * attribute to the brand a claim the compliance rules restrict (`findBrandClaims`
 * in the answer's prompt language). Metric `restricted_claims`: such answers
 * over answers naming the brand, its 95% interval over prompts. Proposed when
 * one answer has such a claim: a claim found is an observed fact, not a sampled
 * estimate, so confidence is 1. Its findings (`field: "answer"`) flag it for
 * review. The texts name the rules, never repeat the claim.
 */
export function deriveCorrectClaim(data: DerivationData): DerivationCandidate[] {
  if (data.complianceProfile !== "eu_medical") return [];
  const others = [...data.competitors.values()];
  const mentioning = data.answers.filter((a) => a.mentions.has("self"));
  const byPrompt = new Map<string, PromptCount>();
  const claimed: Array<{ answer: (typeof mentioning)[number]; start: number; rules: string[] }> =
    [];
  for (const a of mentioning) {
    const claims = findBrandClaims({
      text: a.text,
      language: a.language,
      profile: "eu_medical",
      brand: { names: data.brand.names },
      others,
    });
    const c = byPrompt.get(a.promptId) ?? { x: 0, n: 0 };
    c.n += 1;
    if (claims.length > 0) {
      c.x += 1;
      claimed.push({
        answer: a,
        start: claims[0]?.excerpt.start ?? 0,
        rules: claims.map((f) => f.ruleId),
      });
    }
    byPrompt.set(a.promptId, c);
  }
  if (claimed.length === 0) return [];
  const metric = proportion(
    [...byPrompt.values()],
    `correct-claim:${data.workspaceId}:${data.date}`,
  );
  const lang = data.language;
  // The rules' titles in the workspace language.
  const names = new Map(
    complianceRules({ profile: "eu_medical" }).rules.map((r) => [r.id, r.title[lang]]),
  );
  const ruleIds = [...new Set(claimed.flatMap((c) => c.rules))].sort();
  const { texts, checked } = renderRecommendationText(
    "correct_claim",
    lang,
    {
      brand: data.brand.name,
      date: data.date,
      claims: claimed.length,
      n: mentioning.length,
      share: percent(metric.value, lang),
      rules: [...new Set(ruleIds.map((id) => names.get(id) ?? id))].join("; "),
    },
    ["rules"],
  );
  const evidence = claimed.slice(0, evidenceLimit);
  return [
    {
      checked,
      claimAnswers: evidence.map((c) => c.answer.text),
      recommendation: {
        kind: "correct_claim",
        language: lang,
        ...texts,
        target: {},
        priority: { expectedImpact: metric.value, confidence: 1, effort: "medium" },
        evidence: {
          metric: { name: "restricted_claims", ...metric, date: data.date },
          comparison: null,
          answers: evidence.map((c) => evidenceAnswer(c.answer, c.start)),
        },
      },
    },
  ];
}
