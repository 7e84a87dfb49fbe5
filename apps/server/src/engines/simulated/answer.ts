import { Rng } from "../../prng.js";
import type { EngineAnswer, EngineCitation, EngineRequest } from "../engine.js";
import { selectCitations } from "./citations.js";
import { composeSentences } from "./compose.js";
import {
  contextKey,
  type PreparedContexts,
  type PreparedPrompt,
  prepareContext,
  preparePrompt,
} from "./prepare.js";
import { SIMULATED_PRICING, simulatedInputTokens } from "./pricing.js";
import type { LanguagePack } from "./templates/index.js";
import { mentionProbability, type SimulatedTruth } from "./truth.js";
import { SIMULATED_YEAR } from "./urls.js";

export { SIMULATED_PRICING, simulatedInputTokens };

/**
 * Cuts an answer to at most `maxTokens` simulated tokens (4 characters each),
 * at a word boundary when there is one, as a provider stops at its output cap.
 */
function capAnswer(answer: string, maxTokens: number | undefined): string {
  if (maxTokens === undefined || Math.ceil(answer.length / 4) <= maxTokens) return answer;
  const cut = answer.slice(0, Math.max(0, Math.trunc(maxTokens)) * 4);
  const space = cut.lastIndexOf(" ");
  return space > 0 ? cut.slice(0, space) : cut;
}

/** Canonical text of everything that determines the answer. */
export function requestKey(r: EngineRequest, ctxKey = contextKey(r.context)): string {
  return `${JSON.stringify([r.seed, r.model, r.prompt])}${ctxKey}`;
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** Whether `text` contains one of `surfaces` as a whole word (case-insensitive). */
export function containsSurface(text: string, surfaces: readonly string[]): boolean {
  const lower = text.toLowerCase();
  for (const s of surfaces) {
    const needle = s.toLowerCase();
    for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, i + 1)) {
      if (!isWordChar(lower[i - 1]) && !isWordChar(lower[i + needle.length])) return true;
    }
  }
  return false;
}

function searchQueries(p: PreparedPrompt, pack: LanguagePack, mentions: string[], rng: Rng) {
  const base = p.queryContent.length > 0 ? p.queryContent.join(" ") : pack.defaultTopic;
  const queries = [p.queryWords.length > 0 ? p.queryWords.join(" ") : base];
  queries.push(`${rng.pick(pack.queryPrefixes)} ${base} ${SIMULATED_YEAR}`);
  queries.push(
    mentions.length >= 2 && rng.chance(0.6)
      ? `${mentions[0]} vs ${mentions[1]}`
      : `${base} ${rng.pick(pack.querySuffixes)}`,
  );
  return [...new Set(queries)].slice(0, rng.int(1, 3));
}

const hostOf = (url: string) => (url.split("/")[2] ?? "").replace(/^www\./, "");

/** Adds zero to three citations as markdown links after random sentences. */
function linkSentences(
  sentences: string[],
  links: EngineCitation[],
  all: EngineCitation[],
  rng: Rng,
) {
  const chosen = rng.shuffle(links).slice(0, rng.int(0, Math.min(3, links.length)));
  const targets = rng.shuffle(sentences.map((_, i) => i));
  chosen.forEach((c, n) => {
    const i = targets[n % targets.length] as number;
    const label = rng.chance(0.5) ? hostOf(c.url) : String(all.indexOf(c) + 1);
    const s = sentences[i] as string;
    sentences[i] = `${s.slice(0, -1)} ([${label}](${c.url})).`;
  });
}

/**
 * The whole simulated answer; pure and deterministic in (request, truth).
 * `prepared` keeps what the context's answers share (an engine's own).
 */
export function generateAnswer(
  request: EngineRequest,
  truth?: SimulatedTruth,
  key?: string,
  prepared?: PreparedContexts,
): EngineAnswer {
  const ctxKey = contextKey(request.context);
  const root = Rng.fromString(key ?? requestKey(request, ctxKey));
  const prep = prepared?.get(request.context, ctxKey) ?? prepareContext(request.context, ctxKey);
  const prompt = preparePrompt(prep, request.prompt);
  const { pack, entities } = prep;

  // One independent stream per entity: exactly Bernoulli(mentionProbability).
  const style = root.derive("style");
  const mentioned = new Set<string>();
  const surfaces: string[] = [];
  const hidden: string[] = [];
  for (const e of entities) {
    if (!root.derive(`mention:${e.name}`).chance(mentionProbability(truth, e.name))) {
      hidden.push(...e.surfaces);
      continue;
    }
    mentioned.add(e.name);
    const alias = e.surfaces.length > 1 && style.chance(0.25);
    const surface = alias ? style.pick(e.surfaces.slice(1)) : e.name;
    surfaces.push(style.chance(0.15) ? `**${surface}**` : surface);
  }

  const order = style.shuffle(surfaces);
  let sentences = composeSentences(pack, root.derive("text"), prompt.topic, order);
  if (containsSurface(sentences.join(" "), hidden)) {
    // A prompt word still formed an unmentioned name: use the neutral topic.
    sentences = composeSentences(pack, root.derive("text"), pack.defaultTopic, order);
  }

  const slugs = {
    words: prompt.words,
    keywords: prompt.keywords,
    entities: style.shuffle(prep.slugEntities),
  };
  const citations = selectCitations(prep.pool, truth, mentioned, slugs, root);
  const linkable = citations.filter((c) => !containsSurface(c.url, hidden));
  linkSentences(sentences, linkable, citations, root.derive("links"));

  // The output cap is not part of the request key: a capped answer is a prefix of the uncapped one.
  const answer = capAnswer(sentences.join(" "), request.maxOutputTokens);
  const plain = order.map((s) => s.replace(/^\*\*(.*)\*\*$/, "$1"));
  const inputTokens = simulatedInputTokens(request.prompt);
  const outputTokens = Math.ceil(answer.length / 4);
  const p = SIMULATED_PRICING;
  return {
    answer,
    citations,
    searchQueries: searchQueries(prompt, pack, plain, root.derive("queries")),
    inputTokens,
    outputTokens,
    costMicrousd:
      p.perAnswerMicrousd +
      BigInt(inputTokens) * p.perInputTokenMicrousd +
      BigInt(outputTokens) * p.perOutputTokenMicrousd,
  };
}
