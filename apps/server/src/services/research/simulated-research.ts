import type { Language } from "@geopulse/api-types";
import type {
  ResearchFindings,
  ResearchProvider,
  ResearchRequest,
} from "../../engines/research-provider.js";
import { simulatedResearchPriceMicrousd } from "../../engines/research-provider.js";
import { Rng } from "../../prng.js";
import { withIndefiniteArticle } from "../../text/indefinite-article.js";

/** Questions by what the seed is: a topic (`{a seed}`: with its English article), a name, or "<name> alternatives". */
interface Questions {
  topic: string[];
  name: string[];
  alternatives: string[];
}

const questions: Record<Language, Questions> = {
  en: {
    topic: [
      "What do small teams use for {seed}?",
      "How much does {seed} usually cost?",
      "Is paying for {seed} worth it in {year}?",
      "What are the alternatives to {rival} for {seed}?",
      "How do I choose {a seed} provider?",
      "Which {seed} tools do experts recommend?",
      "What are common problems with {seed}?",
    ],
    name: [
      "Is {seed} worth it in {year}?",
      "How much does {seed} cost?",
      "What do users say about {seed}?",
      "What are the best alternatives to {seed}?",
      "What are common problems with {seed}?",
    ],
    alternatives: [
      "What are the best alternatives to {seed} in {year}?",
      "Which {seed} alternatives do experts recommend?",
      "Is there a cheaper alternative to {seed}?",
      "Why do teams switch away from {seed}?",
    ],
  },
  es: {
    topic: [
      "¿Qué usan los equipos pequeños para {seed}?",
      "¿Cuánto cuesta normalmente {seed}?",
      "¿Qué alternativas hay a {rival} para {seed}?",
      "¿Cómo elegir un proveedor de {seed}?",
    ],
    name: [
      "¿Vale la pena {seed} en {year}?",
      "¿Cuánto cuesta {seed}?",
      "¿Qué opinan los usuarios de {seed}?",
    ],
    alternatives: [
      "¿Cuáles son las mejores alternativas a {seed}?",
      "¿Hay una alternativa más barata a {seed}?",
    ],
  },
  ca: {
    topic: [
      "Què fan servir els equips petits per a {seed}?",
      "Quant costa normalment {seed}?",
      "Quines alternatives hi ha a {rival} per a {seed}?",
      "Com triar un proveïdor de {seed}?",
    ],
    name: [
      "Val la pena {seed} el {year}?",
      "Quant costa {seed}?",
      "Què en pensen els usuaris de {seed}?",
    ],
    alternatives: [
      "Quines són les millors alternatives a {seed}?",
      "Hi ha una alternativa més barata a {seed}?",
    ],
  },
  fr: {
    topic: [
      "Qu'utilisent les petites équipes pour {seed} ?",
      "Combien coûte généralement {seed} ?",
      "Quelles alternatives à {rival} pour {seed} ?",
      "Comment choisir un fournisseur de {seed} ?",
    ],
    name: [
      "{seed} vaut-il le coup en {year} ?",
      "Combien coûte {seed} ?",
      "Que pensent les utilisateurs de {seed} ?",
    ],
    alternatives: [
      "Quelles sont les meilleures alternatives à {seed} ?",
      "Existe-t-il une alternative moins chère à {seed} ?",
    ],
  },
};

/** What a seed is: the brand or a competitor, "<name> alternatives", or a topic. */
function seedKind(request: ResearchRequest): { kind: keyof Questions; subject: string } {
  const names = new Set([request.brand, ...request.competitors].map((n) => n.toLowerCase()));
  const seed = request.seed.trim();
  const alternatives = /^(.+?)\s+alternatives$/i.exec(seed)?.[1];
  if (alternatives && names.has(alternatives.toLowerCase())) {
    return { kind: "alternatives", subject: alternatives };
  }
  if (names.has(seed.toLowerCase())) return { kind: "name", subject: seed };
  return { kind: "topic", subject: seed };
}

const sites = [
  "g2.com",
  "capterra.com",
  "reddit.com",
  "techradar.com",
  "forbes.com",
  "gartner.com",
];

/**
 * A deterministic stand-in for the research providers (local mode without
 * keys): questions from templates about the seed, and sources from review
 * sites and the competitors' domains, seeded by the seed text.
 */
export function createSimulatedResearch(competitorDomains: string[]): ResearchProvider {
  return {
    id: "simulated",
    simulated: true,
    async research(request: ResearchRequest): Promise<ResearchFindings> {
      const rng = Rng.fromString(`research:${request.language}:${request.seed}`);
      const slug = request.seed
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "");
      const rival = request.competitors.length
        ? rng.pick(request.competitors)
        : "the market leader";
      const { kind, subject } = seedKind(request);
      const out = questions[request.language][kind]
        .filter(() => rng.chance(0.7))
        .map((q) =>
          q
            .replaceAll("{a seed}", withIndefiniteArticle(subject))
            .replaceAll("{seed}", subject)
            .replaceAll("{rival}", rival)
            .replaceAll("{year}", "2026"),
        );
      const domains = [...sites, ...competitorDomains];
      const sources = Array.from({ length: 4 }, () => {
        const domain = rng.pick(domains);
        return {
          url: `https://www.${domain}/${slug || "topic"}`,
          title: `${request.seed} on ${domain}`,
        };
      });
      return {
        questions: out,
        sources: [...new Map(sources.map((s) => [s.url, s])).values()],
        costMicrousd: simulatedResearchPriceMicrousd,
      };
    },
  };
}
