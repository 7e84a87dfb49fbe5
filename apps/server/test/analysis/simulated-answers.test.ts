import { describe, expect, it } from "vitest";
import { createAnswerAnalyzer } from "../../src/analysis/analyze-answer.js";
import type { AnalysisSubject } from "../../src/analysis/types.js";
import type { EngineContext, EngineRequest } from "../../src/engines/engine.js";
import { requestKey } from "../../src/engines/simulated/answer.js";
import { entitiesOf } from "../../src/engines/simulated/prepare.js";
import {
  createSimulatedEngine,
  mentionProbability,
} from "../../src/engines/simulated/simulated-engine.js";
import { Rng } from "../../src/prng.js";

/** A brand and 12 competitors with accents, aliases and one name inside another. */
const benchContext: EngineContext = {
  brand: "Acme",
  brandDomains: ["acme.com", "acme.io"],
  competitors: [
    { name: "Acme Cloud", domains: ["acmecloud.com"], aliases: [] },
    { name: "Globex", domains: ["globex.com"], aliases: ["Globex Corporation"] },
    { name: "Initech", domains: ["initech.io"], aliases: ["Initrode"] },
    { name: "Umbrella", domains: ["umbrella.dev"], aliases: ["Umbrella HQ"] },
    { name: "Café Olé", domains: ["cafeole.es"], aliases: [] },
    { name: "Hooli", domains: ["hooli.xyz"], aliases: ["Hooli XYZ"] },
    { name: "Pied Piper", domains: ["piedpiper.com"], aliases: [] },
    { name: "Soylent", domains: ["soylent.com"], aliases: [] },
    { name: "Tyrell", domains: ["tyrell.com"], aliases: ["Tyrell Corp"] },
    { name: "Wonka", domains: ["wonka.com"], aliases: [] },
    { name: "Stark Industries", domains: ["stark.com"], aliases: ["Stark"] },
    { name: "Òmnium Digital", domains: ["omnium.cat"], aliases: [] },
  ],
  language: "en",
  region: null,
};

/** The analysis subject for a simulated context: ids `self`, `c0`, `c1`, ... */
function subjectOf(context: EngineContext): AnalysisSubject {
  return {
    entities: [
      {
        id: "self",
        name: context.brand,
        isSelf: true,
        aliases: [],
        domains: context.brandDomains,
        ambiguous: false,
      },
      ...context.competitors.map((c, i) => ({
        id: `c${i}`,
        name: c.name,
        isSelf: false,
        aliases: c.aliases,
        domains: c.domains,
        ambiguous: false,
      })),
    ],
    categoryTerms: ["CRM"],
  };
}

/** Which entities the simulated engine decided to mention (its own draws, replayed). */
function insertedIds(request: EngineRequest): string[] {
  const root = Rng.fromString(requestKey(request));
  const ids = new Map([
    [request.context.brand, "self"],
    ...request.context.competitors.map((c, i) => [c.name, `c${i}`] as const),
  ]);
  return entitiesOf(request.context)
    .filter((e) => root.derive(`mention:${e.name}`).chance(mentionProbability(undefined, e.name)))
    .map((e) => ids.get(e.name) as string)
    .sort();
}

const prompts: Record<string, string> = {
  en: "What is the best CRM for small businesses?",
  es: "¿Cuál es el mejor CRM para pequeñas empresas?",
  ca: "Quin és el millor CRM per a petites empreses?",
  fr: "Quel est le meilleur CRM pour les petites entreprises ?",
};

describe("analysis of simulated answers", () => {
  const engine = createSimulatedEngine();

  it.each(Object.keys(prompts))(
    "finds exactly the entities the engine inserted (%s)",
    async (language) => {
      const context = { ...benchContext, language };
      const analyze = createAnswerAnalyzer(subjectOf(context));
      let mentions = 0;
      for (let i = 0; i < 150; i++) {
        const request: EngineRequest = {
          prompt: prompts[language] as string,
          model: "sim-1",
          seed: `analysis-${i}`,
          context,
        };
        const answer = await engine.ask(request);
        const analysis = analyze({ answer: answer.answer, citations: answer.citations, language });
        const found = analysis.mentions.map((m) => m.entityId).sort();
        expect(found, answer.answer).toEqual(insertedIds(request));
        mentions += found.length;
        // Every structured citation is valid and comes first, in the engine's order.
        const structured = analysis.citations.filter((c) => c.origin === "structured");
        expect(structured.length).toBe(
          new Set(answer.citations.map((c) => c.url.split(/[?#]/)[0])).size,
        );
        expect(analysis.citations.every((c) => c.origin === "structured")).toBe(true);
      }
      expect(mentions).toBeGreaterThan(150);
    },
  );
});
