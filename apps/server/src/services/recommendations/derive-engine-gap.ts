import type { DerivationCandidate } from "./derivation-candidate.js";
import { evidenceLimit } from "./derivation-candidate.js";
import { gapConfidence, type PromptCount, pairedGap, proportion } from "./derivation-stats.js";
import {
  type DerivationAnswer,
  type DerivationData,
  evidenceAnswer,
} from "./load-derivation-data.js";
import { percent, renderRecommendationText } from "./render-recommendation-text.js";

/** Per engine, per prompt: answers and answers naming the brand. */
function countsByEngine(answers: DerivationAnswer[]) {
  const out = new Map<string, Map<string, PromptCount>>();
  for (const a of answers) {
    const prompts = out.get(a.engine) ?? new Map<string, PromptCount>();
    const c = prompts.get(a.promptId) ?? { x: 0, n: 0 };
    c.n += 1;
    if (a.mentions.has("self")) c.x += 1;
    prompts.set(a.promptId, c);
    out.set(a.engine, prompts);
  }
  return out;
}

/**
 * `engine_gap`, one per weaker engine: the brand's visibility on the engine
 * where it is highest (ties: the first by id) minus its visibility on this
 * engine, on the prompts both answered, with a paired cluster-bootstrap 95%
 * interval over prompts (seeded by workspace, day and engines). Proposed only
 * when the interval lies above zero and the best engine's own interval does
 * (the brand is visible there). Evidence: this engine's answers without the
 * brand to prompts whose answer on the best engine names it (answers with text: a results page
 * that showed no AI answer, `not_shown`, counts in the visibility but shows nothing to read).
 * In steps: it yields after
 * each engine's bootstrap (a few milliseconds each).
 */
export function* deriveEngineGap(data: DerivationData): Generator<void, DerivationCandidate[]> {
  const counts = countsByEngine(data.answers);
  const engines = [...counts.keys()].sort();
  if (engines.length < 2) return [];
  const seed = (label: string) => `engine-gap:${data.workspaceId}:${data.date}:${label}`;
  const visibility = new Map<string, ReturnType<typeof proportion>>();
  for (const e of engines) {
    visibility.set(e, proportion([...(counts.get(e)?.values() ?? [])], seed(e)));
    yield;
  }
  let best = engines[0] as string;
  for (const e of engines) {
    if ((visibility.get(e)?.value ?? 0) > (visibility.get(best)?.value ?? 0)) best = e;
  }
  const bestVisibility = visibility.get(best);
  if (!bestVisibility || bestVisibility.ciLow <= 0) return [];
  const bestCounts = counts.get(best) as Map<string, PromptCount>;
  const out: DerivationCandidate[] = [];
  for (const engine of engines) {
    if (engine === best) continue;
    yield;
    const mine = counts.get(engine) as Map<string, PromptCount>;
    const shared = [...mine.keys()].filter((p) => bestCounts.has(p)).sort();
    const gap = pairedGap(
      shared.map((p) => ({ a: bestCounts.get(p) as PromptCount, b: mine.get(p) as PromptCount })),
      seed(`${best}:${engine}`),
    );
    if (gap.ciLow <= 0) continue;
    const metric = proportion(
      shared.map((p) => mine.get(p) as PromptCount),
      seed(`${engine}:shared`),
    );
    const comparison = proportion(
      shared.map((p) => bestCounts.get(p) as PromptCount),
      seed(`${best}:shared`),
    );
    const visibleOnBest = new Set(shared.filter((p) => (bestCounts.get(p)?.x ?? 0) > 0));
    const evidence = data.answers.filter(
      (a) =>
        a.engine === engine &&
        a.text.trim() !== "" &&
        !a.mentions.has("self") &&
        visibleOnBest.has(a.promptId),
    );
    const lang = data.language;
    const { texts, checked } = renderRecommendationText("engine_gap", lang, {
      brand: data.brand.name,
      engine,
      bestEngine: best,
      date: data.date,
      n: metric.n,
      engineShare: percent(metric.value, lang),
      bestShare: percent(comparison.value, lang),
    });
    out.push({
      checked,
      recommendation: {
        kind: "engine_gap",
        language: lang,
        ...texts,
        target: { engines: [engine] },
        priority: { expectedImpact: gap.value, confidence: gapConfidence(gap), effort: "medium" },
        evidence: {
          metric: { name: "visibility", ...metric, date: data.date },
          comparison: { entity: best, ...comparison },
          answers: evidence.slice(0, evidenceLimit).map((a) => {
            const other = [...a.mentions.values()][0];
            return evidenceAnswer(a, other?.firstOffset ?? 0);
          }),
        },
      },
    });
  }
  return out;
}
