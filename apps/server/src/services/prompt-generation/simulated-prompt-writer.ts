import type { Language, PromptCategory } from "@geopulse/api-types";
import type {
  PromptWriter,
  PromptWriterRequest,
  PromptWriterResult,
} from "../../engines/prompt-writer.js";
import { Rng } from "../../prng.js";
import { withIndefiniteArticle } from "../../text/indefinite-article.js";
import { promptTextKey } from "../prompts/prompt-rules.js";
import { simulatedCostPerCallMicrousd } from "./plan-generation.js";

/**
 * `{topic}` the brand's category (else a generic one, never the brand), `{a topic}` the
 * same with its English article, `{brand}`, `{rival}` a competitor, `{market}` a market,
 * `{team}` an audience.
 */
type Templates = Record<PromptCategory, string[]>;

const en: Templates = {
  discovery: [
    "What are the best {topic} tools in {year}?",
    "Which {topic} platform do you recommend for {team}?",
    "Top {topic} solutions for {team} in {market}",
    "Which {topic} products are worth paying for?",
    "Which {topic} providers are the most trusted?",
  ],
  problem_solution: [
    "How can {team} get started with {topic}?",
    "What is the easiest way to fix poor {topic} results?",
    "How do I choose {a topic} tool without overspending?",
    "How can I improve my {topic} setup quickly?",
  ],
  use_case: [
    "Which {topic} tool works best for {team}?",
    "Which {topic} solution suits a small business in {market}?",
    "Best {topic} option for an enterprise with strict compliance",
    "Which {topic} product integrates well with our existing stack?",
  ],
  comparison: [
    "{brand} vs {rival}: which is better?",
    "What are the best alternatives to {rival}?",
    "How does {brand} compare to {rival} on pricing?",
    "{rival} or {brand} for {team}?",
  ],
  expert: [
    "What do experts say about the future of {topic}?",
    "Which metrics matter most when evaluating {topic} tools?",
    "What are common mistakes when adopting {topic}?",
    "How should a team evaluate {topic} vendors?",
  ],
  brand_research: [
    "Is {brand} a good choice for {topic}?",
    "What do users say about {brand}?",
    "How much does {brand} cost?",
    "What are the pros and cons of {brand}?",
  ],
};

const es: Templates = {
  discovery: [
    "¿Cuáles son las mejores herramientas de {topic} en {year}?",
    "¿Qué plataforma de {topic} recomiendas para {team}?",
  ],
  problem_solution: [
    "¿Cómo puede {team} empezar con {topic}?",
    "¿Cómo mejorar rápidamente mis resultados de {topic}?",
  ],
  use_case: [
    "¿Qué herramienta de {topic} funciona mejor para {team}?",
    "Mejor opción de {topic} para una pyme en {market}",
  ],
  comparison: [
    "{brand} o {rival}: ¿cuál es mejor?",
    "¿Cuáles son las mejores alternativas a {rival}?",
  ],
  expert: [
    "¿Qué dicen los expertos sobre el futuro de {topic}?",
    "¿Qué métricas importan al evaluar herramientas de {topic}?",
  ],
  brand_research: [
    "¿Es {brand} una buena opción para {topic}?",
    "¿Qué opinan los usuarios de {brand}?",
  ],
};

const ca: Templates = {
  discovery: [
    "Quines són les millors eines de {topic} el {year}?",
    "Quina plataforma de {topic} recomanes per a {team}?",
  ],
  problem_solution: [
    "Com pot {team} començar amb {topic}?",
    "Com puc millorar ràpidament els resultats de {topic}?",
  ],
  use_case: [
    "Quina eina de {topic} funciona millor per a {team}?",
    "Millor opció de {topic} per a una pime a {market}",
  ],
  comparison: [
    "{brand} o {rival}: quin és millor?",
    "Quines són les millors alternatives a {rival}?",
  ],
  expert: [
    "Què diuen els experts sobre el futur de {topic}?",
    "Quines mètriques importen en avaluar eines de {topic}?",
  ],
  brand_research: [
    "És {brand} una bona opció per a {topic}?",
    "Què en pensen els usuaris de {brand}?",
  ],
};

const fr: Templates = {
  discovery: [
    "Quels sont les meilleurs outils de {topic} en {year} ?",
    "Quelle plateforme de {topic} recommandez-vous pour {team} ?",
  ],
  problem_solution: [
    "Comment {team} peut-elle démarrer avec {topic} ?",
    "Comment améliorer rapidement mes résultats de {topic} ?",
  ],
  use_case: [
    "Quel outil de {topic} convient le mieux à {team} ?",
    "Meilleure option de {topic} pour une PME en {market}",
  ],
  comparison: [
    "{brand} ou {rival} : lequel est le meilleur ?",
    "Quelles sont les meilleures alternatives à {rival} ?",
  ],
  expert: [
    "Que disent les experts de l'avenir de {topic} ?",
    "Quelles métriques comptent pour évaluer les outils de {topic} ?",
  ],
  brand_research: [
    "{brand} est-il un bon choix pour {topic} ?",
    "Que pensent les utilisateurs de {brand} ?",
  ],
};

const templates: Record<Language, Templates> = { en, es, ca, fr };
/** The topic when the brand profile names no category: generic, so no brand is its own category. */
const genericTopic: Record<Language, string> = {
  en: "business software",
  es: "software empresarial",
  ca: "programari empresarial",
  fr: "logiciel d'entreprise",
};
const teams: Record<Language, string[]> = {
  en: [
    "marketing teams",
    "startups",
    "agencies",
    "e-commerce teams",
    "product teams",
    "developers",
  ],
  es: ["equipos de marketing", "startups", "agencias", "tiendas online", "equipos de producto"],
  ca: ["equips de màrqueting", "startups", "agències", "botigues en línia", "equips de producte"],
  fr: [
    "les équipes marketing",
    "les startups",
    "les agences",
    "les e-commerçants",
    "les équipes produit",
  ],
};

/**
 * A deterministic stand-in for the LLM (local mode without an OpenAI key):
 * templates per category and language filled with the brand profile, the
 * competitors and a few audiences, seeded per generation and batch. Texts it
 * was told to avoid are skipped; it may return fewer prompts than asked when
 * the combinations run out.
 */
export function createSimulatedPromptWriter(): PromptWriter {
  return {
    id: "simulated",
    model: "simulated-1",
    simulated: true,
    async write(request: PromptWriterRequest): Promise<PromptWriterResult> {
      const rng = Rng.fromString(request.seed);
      const seen = new Set(request.avoid.map(promptTextKey));
      const topic = request.profile.category ?? genericTopic[request.language];
      const fill = (template: string, draw: Rng) =>
        template
          .replaceAll("{a topic}", withIndefiniteArticle(topic))
          .replaceAll("{topic}", topic)
          .replaceAll("{brand}", request.brand)
          .replaceAll(
            "{rival}",
            draw.pick(request.competitors.length ? request.competitors : ["the market leader"]),
          )
          .replaceAll(
            "{market}",
            draw.pick(
              request.profile.markets.length ? request.profile.markets : ["Europe", "the US"],
            ),
          )
          .replaceAll("{team}", draw.pick(teams[request.language]))
          .replaceAll("{year}", String(2025 + draw.int(0, 2)));
      const prompts: PromptWriterResult["prompts"] = [];
      for (const item of request.items) {
        const pool = templates[request.language][item.category];
        const draw = rng.derive(item.category);
        let made = 0;
        for (let attempt = 0; made < item.count && attempt < item.count * 20; attempt++) {
          const text = fill(draw.pick(pool), draw);
          const key = promptTextKey(text);
          if (seen.has(key)) continue;
          seen.add(key);
          prompts.push({ text, category: item.category });
          made++;
        }
      }
      return {
        prompts,
        inputTokens: 0,
        outputTokens: 0,
        costMicrousd: simulatedCostPerCallMicrousd,
      };
    },
  };
}
