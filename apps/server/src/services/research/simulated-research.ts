import type { Language } from "@geopulse/api-types";
import type {
  ResearchFindings,
  ResearchProvider,
  ResearchRequest,
} from "../../engines/research-provider.js";
import { researchPricePerCall } from "../../engines/research-provider.js";
import { Rng } from "../../prng.js";

const questions: Record<Language, string[]> = {
  en: [
    "What is the best {seed} for a small team?",
    "How much does {seed} usually cost?",
    "Is {seed} worth it in {year}?",
    "What are the alternatives to {rival} for {seed}?",
    "How do I choose a {seed} provider?",
    "Which {seed} do experts recommend?",
    "What are common problems with {seed}?",
  ],
  es: [
    "¿Cuál es el mejor {seed} para un equipo pequeño?",
    "¿Cuánto cuesta normalmente {seed}?",
    "¿Qué alternativas hay a {rival} para {seed}?",
    "¿Cómo elegir un proveedor de {seed}?",
  ],
  ca: [
    "Quin és el millor {seed} per a un equip petit?",
    "Quant costa normalment {seed}?",
    "Quines alternatives hi ha a {rival} per a {seed}?",
    "Com triar un proveïdor de {seed}?",
  ],
  fr: [
    "Quel est le meilleur {seed} pour une petite équipe ?",
    "Combien coûte généralement {seed} ?",
    "Quelles alternatives à {rival} pour {seed} ?",
    "Comment choisir un fournisseur de {seed} ?",
  ],
};

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
      const out = questions[request.language]
        .filter(() => rng.chance(0.7))
        .map((q) =>
          q
            .replaceAll("{seed}", request.seed)
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
        costMicrousd: researchPricePerCall.simulated,
      };
    },
  };
}
